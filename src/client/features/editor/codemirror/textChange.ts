import { ChangeSet } from '@codemirror/state';
import { commonEnds } from '@/diagram/textDiff';

/**
 * The change from `before` to `after` as one replaced stretch between their common start and end:
 * enough to carry a caret from one to the other (a caret inside the stretch goes to its end).
 */
export function textChange(before: string, after: string): ChangeSet {
  if (before === after) return ChangeSet.empty(before.length);
  const { start, end } = commonEnds(before, after);
  const insert = after.slice(start, after.length - end);
  return ChangeSet.of([{ from: start, to: before.length - end, insert }], before.length);
}
