/**
 * A line-by-line difference between two texts, as rows to show (the `diff` package's diffLines),
 * bounded: beyond MAX_EDITS differing lines the texts count as wholly replaced, so no pair of
 * texts keeps the caller busy for long.
 */
import { diffLines } from 'diff';

export type DiffRow = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * How many insertions and deletions a diff looks for before giving up. Myers' diff costs about
 * edits² when nothing matches: 500 keeps it near 16 ms on two texts of the size limit, where
 * 2,000 took 250 ms (see docs/decisions.md).
 */
export const MAX_EDITS = 500;

/** Both texts end in a newline, so a last line is compared by its text alone. */
const withFinalNewline = (text: string) =>
  text === '' || text.endsWith('\n') ? text : `${text}\n`;

/** The lines of a text or of a change's value, a final newline ending the last line. */
const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/**
 * Rows turning `from` into `to`: 'removed' lines are only in `from`, 'added' only in `to`.
 * A missing newline at the very end is not shown as a difference.
 */
export function lineDiff(from: string, to: string): DiffRow[] {
  const changes = diffLines(withFinalNewline(from), withFinalNewline(to), {
    maxEditLength: MAX_EDITS,
  });
  if (!changes) {
    return [
      ...linesOf(withFinalNewline(from)).map((text) => ({ kind: 'removed' as const, text })),
      ...linesOf(withFinalNewline(to)).map((text) => ({ kind: 'added' as const, text })),
    ];
  }
  const rows: DiffRow[] = [];
  for (const change of changes) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    for (const text of linesOf(change.value)) rows.push({ kind, text });
  }
  return rows;
}

export const hasDifferences = (rows: readonly DiffRow[]) => rows.some((row) => row.kind !== 'same');
