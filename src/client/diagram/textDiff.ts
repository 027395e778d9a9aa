/**
 * Puts a whole new text into a Y.Text as the smallest set of inserts and deletes, so the parts
 * that did not change keep their identity: other people's cursors and edits in them stay put.
 */
import { diffChars } from 'diff';
import type * as Y from 'yjs';

/** Past this many changed characters on either side the middle is replaced whole (diff is O(ND)). */
const DIFF_MIDDLE_MAX = 20_000;

/** How many characters `a` and `b` share at their start, and then at their end. */
export function commonEnds(a: string, b: string): { start: number; end: number } {
  const shorter = Math.min(a.length, b.length);
  let start = 0;
  while (start < shorter && a.charCodeAt(start) === b.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < shorter - start &&
    a.charCodeAt(a.length - 1 - end) === b.charCodeAt(b.length - 1 - end)
  ) {
    end += 1;
  }
  return { start, end };
}

export function applyTextDiff(ytext: Y.Text, next: string): void {
  const current = ytext.toString();
  if (current === next) return;
  const { start, end } = commonEnds(current, next);
  const before = current.slice(start, current.length - end);
  const after = next.slice(start, next.length - end);
  if (before.length > DIFF_MIDDLE_MAX || after.length > DIFF_MIDDLE_MAX) {
    if (before.length > 0) ytext.delete(start, before.length);
    if (after.length > 0) ytext.insert(start, after);
    return;
  }
  let at = start;
  for (const part of diffChars(before, after)) {
    if (part.added) {
      ytext.insert(at, part.value);
      at += part.value.length;
    } else if (part.removed) {
      ytext.delete(at, part.value.length);
    } else {
      at += part.value.length;
    }
  }
}
