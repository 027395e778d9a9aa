import { Minus, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { cn } from '@/lib/cn';
import { HISTORY_COPY, HISTORY_TESTIDS } from './copy';
import { hasDifferences, lineDiff } from '@shared/diagram-diff/line-diff';

export interface DiffWording {
  /** Legend and screen-reader prefix of lines only in `to` (green) and only in `from` (red). */
  added: string;
  removed: string;
  same: string;
  label: string;
}

/** The version against the editor's text: restoring brings green lines back, removes red ones. */
export const AGAINST_EDITOR: DiffWording = {
  added: HISTORY_COPY.diffLegendVersion,
  removed: HISTORY_COPY.diffLegendCurrent,
  same: HISTORY_COPY.noDifferences,
  label: HISTORY_COPY.diffLabel,
};

/** Two texts line by line: green lines are only in `to`, red ones only in `from`; long lines wrap. */
export function VersionDiff({
  from,
  to,
  wording = AGAINST_EDITOR,
}: {
  from: string;
  to: string;
  wording?: DiffWording;
}) {
  const rows = useMemo(() => lineDiff(from, to), [from, to]);
  if (!hasDifferences(rows)) {
    return (
      <p className="p-6 text-sm text-muted-foreground" data-testid={HISTORY_TESTIDS.diff}>
        {wording.same}
      </p>
    );
  }
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 flex-wrap gap-x-4 gap-y-1 border-b border-border px-4 py-2 text-xs text-muted-foreground">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-emerald-500/70" aria-hidden />
          {wording.added}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-red-500/70" aria-hidden />
          {wording.removed}
        </span>
      </div>
      <ol
        aria-label={wording.label}
        data-testid={HISTORY_TESTIDS.diff}
        className="min-h-0 flex-1 overflow-auto py-2 font-mono text-[13px] leading-5"
      >
        {rows.map((row, index) => (
          <li
            key={index}
            data-testid={
              row.kind === 'added'
                ? HISTORY_TESTIDS.diffAdded
                : row.kind === 'removed'
                  ? HISTORY_TESTIDS.diffRemoved
                  : undefined
            }
            className={cn(
              'flex items-start gap-2 px-3',
              row.kind === 'added' && 'bg-emerald-500/15 text-emerald-900 dark:text-emerald-200',
              row.kind === 'removed' && 'bg-red-500/15 text-red-900 dark:text-red-200',
            )}
          >
            <span className="flex h-5 w-4 shrink-0 items-center justify-center" aria-hidden>
              {row.kind === 'added' && <Plus className="h-3 w-3" />}
              {row.kind === 'removed' && <Minus className="h-3 w-3" />}
            </span>
            {row.kind !== 'same' && (
              <span className="sr-only">
                {`${row.kind === 'added' ? wording.added : wording.removed}:`}
              </span>
            )}
            {/* Long lines wrap (indent kept), so no line is cut off at the pane's edge. */}
            <span className="min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]">
              {row.text || ' '}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
