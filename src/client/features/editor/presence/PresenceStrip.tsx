import { LIVE_COPY, LIVE_TESTIDS } from './copy';
import { usePresence } from '@/diagram/live/usePresence';
import type { OpenDiagram } from '@/diagram/openDiagram';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('') || '?';

/** Who else has the diagram open: an avatar per person, in their cursor colour. */
export function PresenceStrip({ diagram }: { diagram: OpenDiagram }) {
  const participants = usePresence(diagram);
  if (participants.length === 0) return null;
  return (
    <ul
      className="flex shrink-0 items-center -space-x-1.5"
      data-testid={LIVE_TESTIDS.presence}
      aria-label={LIVE_COPY.presenceLabel}
    >
      {participants.map((person) => {
        const doing = person.role === 'viewer' ? LIVE_COPY.viewing : LIVE_COPY.editing;
        return (
          <li
            key={person.clientId}
            className="flex h-7 w-7 items-center justify-center rounded-full text-[11px] font-semibold text-white ring-2 ring-background"
            style={{ backgroundColor: person.color }}
            title={`${person.name} — ${doing}`}
            aria-label={`${person.name}, ${doing}`}
            data-testid={LIVE_TESTIDS.participant}
            data-role={person.role}
          >
            <span aria-hidden>{initials(person.name)}</span>
          </li>
        );
      })}
    </ul>
  );
}
