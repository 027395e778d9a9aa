import { LANDING_TESTIDS } from './testIds';

/**
 * A hand-drawn sequence diagram (inline SVG, not mermaid) so the landing page stays light: the
 * diagram library and the editor load only when someone opens the editor.
 */
const ACTORS = [
  { x: 70, label: 'User' },
  { x: 240, label: 'App' },
  { x: 410, label: 'API' },
] as const;

const MESSAGES = [
  { y: 96, from: 70, to: 240, label: 'Sign in', reply: false },
  { y: 140, from: 240, to: 410, label: 'POST /session', reply: false },
  { y: 184, from: 410, to: 240, label: '200 OK · token', reply: true },
  { y: 228, from: 240, to: 70, label: 'Welcome back!', reply: true },
] as const;

function ActorBox({ x, y, label }: { x: number; y: number; label: string }) {
  return (
    <g>
      <rect
        x={x - 52}
        y={y}
        width={104}
        height={34}
        rx={8}
        className="fill-accent stroke-primary"
        strokeWidth={1.5}
      />
      <text
        x={x}
        y={y + 22}
        textAnchor="middle"
        className="fill-foreground text-[13px] font-semibold"
      >
        {label}
      </text>
    </g>
  );
}

export function SequenceIllustration({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 480 300"
      role="img"
      aria-label="A sequence diagram: User signs in through App, App calls API, API returns a token."
      className={className}
      data-testid={LANDING_TESTIDS.illustration}
    >
      <defs>
        <marker
          id="ll-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 10 5 0 10z" className="fill-primary" />
        </marker>
        <marker
          id="ll-arrow-muted"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M0 0 10 5 0 10z" className="fill-muted-foreground" />
        </marker>
      </defs>
      {ACTORS.map(({ x }) => (
        <line
          key={x}
          x1={x}
          x2={x}
          y1={48}
          y2={254}
          className="stroke-border"
          strokeWidth={2}
          strokeDasharray="5 5"
        />
      ))}
      {/* The activation bar: App is busy while it waits for the API. */}
      <rect
        x={234}
        y={132}
        width={12}
        height={60}
        rx={3}
        className="fill-primary/25 stroke-primary"
      />
      {MESSAGES.map(({ y, from, to, label, reply }) => {
        const direction = to > from ? 1 : -1;
        return (
          <g key={y}>
            <line
              x1={from + direction * 8}
              x2={to - direction * 10}
              y1={y}
              y2={y}
              className={reply ? 'stroke-muted-foreground' : 'stroke-primary'}
              strokeWidth={1.75}
              strokeDasharray={reply ? '6 4' : undefined}
              markerEnd={reply ? 'url(#ll-arrow-muted)' : 'url(#ll-arrow)'}
            />
            <text
              x={(from + to) / 2}
              y={y - 8}
              textAnchor="middle"
              className="fill-foreground text-[12px]"
            >
              {label}
            </text>
          </g>
        );
      })}
      {ACTORS.map(({ x, label }) => (
        <g key={label}>
          <ActorBox x={x} y={14} label={label} />
          <ActorBox x={x} y={254} label={label} />
        </g>
      ))}
    </svg>
  );
}
