/**
 * Makes a Y.Text hold `next` through a minimal set of inserts and deletes (one transaction), so
 * everyone else's cursors keep their place around a REST write or a restore.
 */
import { diffChars } from 'diff';
import type * as Y from 'yjs';

/** Beyond this many edited characters the changed middle is replaced whole. */
const MAX_EDIT_LENGTH = 2_000;
/**
 * …and beyond this long looking for the edits (ms): on long texts that differ throughout, the
 * search can take half a second before it gives up, on the event loop.
 */
const DIFF_TIMEOUT_MS = 50;

export function applyTextDiff(text: Y.Text, next: string, origin: unknown): void {
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  const shortest = Math.min(current.length, next.length);
  while (start < shortest && current.charCodeAt(start) === next.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shortest - start &&
    current.charCodeAt(current.length - 1 - end) === next.charCodeAt(next.length - 1 - end)
  ) {
    end++;
  }
  const before = current.slice(start, current.length - end);
  const after = next.slice(start, next.length - end);
  const changes = diffChars(before, after, {
    maxEditLength: MAX_EDIT_LENGTH,
    timeout: DIFF_TIMEOUT_MS,
  });
  text.doc!.transact(() => {
    if (!changes) {
      if (before.length > 0) text.delete(start, before.length);
      if (after.length > 0) text.insert(start, after);
      return;
    }
    let at = start;
    for (const change of changes) {
      if (change.removed) text.delete(at, change.value.length);
      else if (change.added) {
        text.insert(at, change.value);
        at += change.value.length;
      } else at += change.value.length;
    }
  }, origin);
}
