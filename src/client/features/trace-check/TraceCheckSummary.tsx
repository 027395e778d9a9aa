/** The check in words: matched, the calls the diagram lacks, the messages no trace shows (each a way to its line), labels that differ. */
import type { ReactNode } from 'react';
import type { TraceCheck } from '@shared/trace/check';
import { TRACE_CHECK_COPY as COPY, TRACE_CHECK_TESTIDS as IDS } from './copy';

const lineButton =
  'w-full rounded-sm px-1 py-0.5 text-left hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:min-h-11';

function Section({
  title,
  count,
  testId,
  children,
}: {
  title: string;
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-1" data-testid={testId}>
      <h3 className="text-xs font-semibold text-foreground">
        {title} ({count.toLocaleString('en')})
      </h3>
      {count === 0 ? (
        <p className="text-sm text-muted-foreground">{COPY.none}</p>
      ) : (
        <ul className="grid gap-0.5 text-sm">{children}</ul>
      )}
    </section>
  );
}

export function TraceCheckSummary({
  check,
  onGoToLine,
}: {
  check: TraceCheck;
  onGoToLine: (line: number) => void;
}) {
  return (
    <div className="grid content-start gap-4">
      <p className="text-sm text-muted-foreground">{COPY.matched(check.matched)}</p>
      <Section title={COPY.onlyInTrace} count={check.onlyInTrace.length} testId={IDS.onlyInTrace}>
        {check.onlyInTrace.map((call, index) => (
          <li key={index} className="break-words px-1">
            {COPY.call(call.from, call.to, call.label)}{' '}
            <span className="tabular-nums text-muted-foreground">({COPY.times(call.count)})</span>
          </li>
        ))}
      </Section>
      <Section
        title={COPY.onlyInDiagram}
        count={check.onlyInDiagram.length}
        testId={IDS.onlyInDiagram}
      >
        {check.onlyInDiagram.map((message) => (
          <li key={message.line}>
            <button
              type="button"
              className={lineButton}
              title={COPY.goToLine(message.line)}
              onClick={() => onGoToLine(message.line)}
            >
              <span className="tabular-nums text-muted-foreground">
                {COPY.line(message.line)}:{' '}
              </span>
              <span className="break-words">
                {COPY.call(message.from, message.to, message.label)}
              </span>
            </button>
          </li>
        ))}
      </Section>
      {check.labels.length > 0 && (
        <Section title={COPY.labels} count={check.labels.length} testId={IDS.labels}>
          {check.labels.map((label) => (
            <li key={label.line}>
              <button
                type="button"
                className={lineButton}
                title={COPY.goToLine(label.line)}
                onClick={() => onGoToLine(label.line)}
              >
                <span className="tabular-nums text-muted-foreground">
                  {COPY.line(label.line)}:{' '}
                </span>
                <span className="break-words">
                  {COPY.call(label.from, label.to, `“${label.diagram}”`)}
                </span>
                <span className="block break-words text-xs text-muted-foreground">
                  {COPY.traced(label.trace)}
                </span>
              </button>
            </li>
          ))}
        </Section>
      )}
    </div>
  );
}
