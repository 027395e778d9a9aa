/**
 * The difference of two lists of items (messages, notes, block lines), each item known by a key
 * (everything that is compared) and a slot (what it is apart from its text). Steps:
 *
 * 1. The longest common subsequence of the keys (Myers' diff, the `diff` package's diffArrays),
 *    bounded by MAX_EDITS: past that, the differing middle counts as removed and added whole.
 * 2. Moves: a run of removed items with exactly the keys of a run of added items elsewhere is a
 *    moved block; then a single removed item with the key of a single added one is moved too.
 * 3. Changes: within one place of difference (a hunk), a removed item and an added one in the
 *    same slot (each slot's removed and added items paired in order) are one item whose text
 *    changed.
 * 4. What is left was added or removed.
 */
import { diffArrays } from 'diff';
import { MAX_EDITS } from './line-diff.js';

export type ItemChangeKind = 'added' | 'removed' | 'changed' | 'moved';

export interface ItemChange {
  change: ItemChangeKind;
  /** Index in the `from` list; null for an added item. */
  before: number | null;
  /** Index in the `to` list; null for a removed item. */
  after: number | null;
}

export interface Item {
  key: string;
  slot: string;
}

interface Hunk {
  removed: number[];
  added: number[];
}

/** Places where the lists differ, each with its removed and added indices. */
function hunksOf(from: readonly Item[], to: readonly Item[]): { hunks: Hunk[]; bounded: boolean } {
  const parts = diffArrays(
    from.map((item) => item.key),
    to.map((item) => item.key),
    { maxEditLength: MAX_EDITS },
  );
  if (!parts) return { hunks: [boundedHunk(from, to)], bounded: true };
  const hunks: Hunk[] = [];
  let current: Hunk | null = null;
  let before = 0;
  let after = 0;
  for (const part of parts) {
    const count = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      current = null;
      before += count;
      after += count;
      continue;
    }
    if (!current) {
      current = { removed: [], added: [] };
      hunks.push(current);
    }
    for (let i = 0; i < count; i++) {
      if (part.removed) current.removed.push(before++);
      else current.added.push(after++);
    }
  }
  return { hunks, bounded: false };
}

/** Too many edits to search: the lists differ between their common start and common end. */
function boundedHunk(from: readonly Item[], to: readonly Item[]): Hunk {
  let start = 0;
  while (start < from.length && start < to.length && from[start]?.key === to[start]?.key) start++;
  let end = 0;
  while (
    end < from.length - start &&
    end < to.length - start &&
    from[from.length - 1 - end]?.key === to[to.length - 1 - end]?.key
  ) {
    end++;
  }
  const range = (first: number, last: number) =>
    Array.from({ length: last - first }, (_, i) => first + i);
  return { removed: range(start, from.length - end), added: range(start, to.length - end) };
}

/** Consecutive indices of a hunk side, as runs. */
function runsOf(indices: readonly number[]): number[][] {
  const runs: number[][] = [];
  for (const index of indices) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  return runs;
}

/** Lists by key, each taken from its front (a cursor, so taking is constant time). */
class Queues<T> {
  private readonly lists = new Map<string, { items: T[]; next: number }>();
  push(key: string, value: T) {
    const list = this.lists.get(key);
    if (list) list.items.push(value);
    else this.lists.set(key, { items: [value], next: 0 });
  }
  take(key: string): T | undefined {
    const list = this.lists.get(key);
    if (!list || list.next >= list.items.length) return undefined;
    return list.items[list.next++];
  }
}

export interface ItemDiff {
  changes: ItemChange[];
  /** True when the lists differed too much to search, and the middle was taken whole. */
  bounded: boolean;
}

/** The changes turning `from` into `to`, place by place: its removed items, then its added, changed and moved ones in the order of `to`. */
export function diffItems(from: readonly Item[], to: readonly Item[]): ItemDiff {
  const { hunks, bounded } = hunksOf(from, to);
  const movedFrom = new Map<number, number>();
  const movedTo = new Map<number, number>();
  const keyOfRun = (run: number[], items: readonly Item[]) =>
    run.map((index) => items[index]?.key ?? '').join('\u0000');

  // Whole moved blocks first, then single moved items.
  const addedRuns = new Queues<number[]>();
  for (const hunk of hunks) {
    for (const run of runsOf(hunk.added)) {
      const key = keyOfRun(run, to);
      addedRuns.push(key, run);
    }
  }
  for (const hunk of hunks) {
    for (const run of runsOf(hunk.removed)) {
      const match = addedRuns.take(keyOfRun(run, from));
      if (!match) continue;
      run.forEach((index, i) => {
        movedFrom.set(index, match[i] ?? -1);
        movedTo.set(match[i] ?? -1, index);
      });
    }
  }
  const addedSingles = new Queues<number>();
  for (const hunk of hunks) {
    for (const index of hunk.added) {
      if (movedTo.has(index)) continue;
      const key = to[index]?.key ?? '';
      addedSingles.push(key, index);
    }
  }
  for (const hunk of hunks) {
    for (const index of hunk.removed) {
      if (movedFrom.has(index)) continue;
      const match = addedSingles.take(from[index]?.key ?? '');
      if (match === undefined) continue;
      movedFrom.set(index, match);
      movedTo.set(match, index);
    }
  }

  const changes: ItemChange[] = [];
  for (const hunk of hunks) {
    const bySlot = new Queues<number>();
    for (const index of hunk.added) {
      if (!movedTo.has(index)) bySlot.push(to[index]?.slot ?? '', index);
    }
    const pairedTo = new Map<number, number>();
    for (const index of hunk.removed) {
      if (movedFrom.has(index)) continue;
      const match = bySlot.take(from[index]?.slot ?? '');
      if (match !== undefined) pairedTo.set(match, index);
    }
    const pairedFrom = new Set(pairedTo.values());
    for (const index of hunk.removed) {
      if (!movedFrom.has(index) && !pairedFrom.has(index)) {
        changes.push({ change: 'removed', before: index, after: null });
      }
    }
    for (const index of hunk.added) {
      const moved = movedTo.get(index);
      const paired = pairedTo.get(index);
      if (moved !== undefined) changes.push({ change: 'moved', before: moved, after: index });
      else if (paired !== undefined)
        changes.push({ change: 'changed', before: paired, after: index });
      else changes.push({ change: 'added', before: null, after: index });
    }
  }
  return { changes, bounded };
}
