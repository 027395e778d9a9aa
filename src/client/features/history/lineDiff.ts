/** A line-by-line difference between two texts, as rows to show (the `diff` package's diffLines). */
import { diffLines } from 'diff';

export type DiffRow = { kind: 'same' | 'added' | 'removed'; text: string };

/** Both texts end in a newline, so a last line is compared by its text alone. */
const withFinalNewline = (text: string) =>
  text === '' || text.endsWith('\n') ? text : `${text}\n`;

/**
 * Rows turning `from` into `to`: 'removed' lines are only in `from`, 'added' only in `to`.
 * A missing newline at the very end is not shown as a difference.
 */
export function lineDiff(from: string, to: string): DiffRow[] {
  const rows: DiffRow[] = [];
  for (const change of diffLines(withFinalNewline(from), withFinalNewline(to))) {
    const kind = change.added ? 'added' : change.removed ? 'removed' : 'same';
    const lines = change.value.replace(/\n$/, '').split('\n');
    for (const text of lines) rows.push({ kind, text });
  }
  return rows;
}

export const hasDifferences = (rows: readonly DiffRow[]) => rows.some((row) => row.kind !== 'same');
