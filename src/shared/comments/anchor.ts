/**
 * Where a comment sits in a diagram's text: the statement's line (1-based) and its text. When the
 * text changes, `moveAnchors` finds each anchored statement's new line through the line diff
 * (shared/diagram-diff/line-diff.ts): unchanged lines carry their anchors, a changed or moved
 * line carries them where the diff pairs it with its new text, and a deleted statement leaves its
 * comments outdated (line null).
 *
 * Pure and bounded: one line diff (itself bounded), then work linear in the number of changed
 * lines, with each pairing of an edited line comparing at most MAX_PAIRED candidates of
 * MAX_COMPARED characters.
 */
import { lineDiff } from '../diagram-diff/line-diff.js';

export { isStatementLine, lineText } from './statement.js';

export interface Anchor {
  /** 1-based line of the statement, or null when the statement was deleted (outdated). */
  line: number | null;
  /** The statement's line as it was last seen (trimmed). */
  text: string;
}

/** Edited lines are compared over their first characters only. */
const MAX_COMPARED = 200;
/** How many added lines of a change an edited line is compared with. */
const MAX_PAIRED = 50;
/** How alike an edited line must stay (0..1, of the longer line) to keep its comments. */
const MIN_LIKENESS = 0.5;

const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\r$/, ''));

/** Character bigrams of a line's start, for a cheap likeness. */
function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  const short = text.slice(0, MAX_COMPARED);
  for (let i = 0; i + 1 < short.length; i++) {
    const gram = short.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Dice coefficient of two lines' bigrams: 1 for equal lines, 0 for nothing in common. */
export function likeness(a: string, b: string): number {
  if (a === b) return 1;
  const left = bigrams(a);
  const right = bigrams(b);
  let total = 0;
  for (const count of left.values()) total += count;
  for (const count of right.values()) total += count;
  if (total === 0) return 0;
  let shared = 0;
  for (const [gram, count] of left) shared += Math.min(count, right.get(gram) ?? 0);
  return (2 * shared) / total;
}

interface Hunk {
  /** 1-based old lines removed, and their text (trimmed). */
  removed: { line: number; text: string }[];
  /** 1-based new lines added, and their text (trimmed). */
  added: { line: number; text: string }[];
}

interface Mapping {
  /** Old line → new line for lines the diff kept. */
  same: Map<number, number>;
  hunks: Hunk[];
  /** Old line → the hunk that removed it. */
  hunkOf: Map<number, Hunk>;
  /** Trimmed text → added new lines anywhere (for a moved line). */
  addedByText: Map<string, number[]>;
}

function mapLines(before: string, after: string): Mapping {
  const rows = lineDiff(before, after);
  const same = new Map<number, number>();
  const hunks: Hunk[] = [];
  const hunkOf = new Map<number, Hunk>();
  const addedByText = new Map<string, number[]>();
  let oldLine = 0;
  let newLine = 0;
  let hunk: Hunk | null = null;
  for (const row of rows) {
    if (row.kind === 'same') {
      oldLine += 1;
      newLine += 1;
      same.set(oldLine, newLine);
      hunk = null;
      continue;
    }
    if (!hunk) {
      hunk = { removed: [], added: [] };
      hunks.push(hunk);
    }
    const text = row.text.trim();
    if (row.kind === 'removed') {
      oldLine += 1;
      hunk.removed.push({ line: oldLine, text });
      hunkOf.set(oldLine, hunk);
    } else {
      newLine += 1;
      hunk.added.push({ line: newLine, text });
      const lines = addedByText.get(text) ?? [];
      lines.push(newLine);
      addedByText.set(text, lines);
    }
  }
  return { same, hunks, hunkOf, addedByText };
}

/**
 * Where each removed line of a change went: the same text in the change or (unique) elsewhere,
 * else the most alike added line of the change not taken by an earlier line; null when none.
 */
function pairHunk(hunk: Hunk, mapping: Mapping): Map<number, number | null> {
  const pairs = new Map<number, number | null>();
  const taken = new Set<number>();
  const free = (line: number) => !taken.has(line);
  for (const removed of hunk.removed) {
    const inHunk = hunk.added.find((entry) => entry.text === removed.text && free(entry.line));
    const moved = mapping.addedByText.get(removed.text);
    let line: number | null = null;
    if (inHunk) line = inHunk.line;
    else if (moved?.length === 1 && moved[0] !== undefined && free(moved[0])) line = moved[0];
    else {
      let best = 0;
      for (const entry of hunk.added.slice(0, MAX_PAIRED)) {
        if (!free(entry.line) || entry.text === '' || entry.text.startsWith('%%')) continue;
        const score = likeness(removed.text, entry.text);
        if (score >= MIN_LIKENESS && score > best) {
          best = score;
          line = entry.line;
        }
      }
    }
    if (line !== null) taken.add(line);
    pairs.set(removed.line, line);
  }
  return pairs;
}

/**
 * The anchors of `before` moved onto `after`, in the same order. An anchor already outdated stays
 * outdated; one whose statement is gone becomes outdated (its text kept).
 */
export function moveAnchors(before: string, after: string, anchors: readonly Anchor[]): Anchor[] {
  if (before === after || anchors.every((anchor) => anchor.line === null)) {
    return anchors.map((anchor) => ({ ...anchor }));
  }
  const mapping = mapLines(before, after);
  const newLines = linesOf(after);
  const textAt = (line: number) => (newLines[line - 1] ?? '').trim();
  const paired = new Map<Hunk, Map<number, number | null>>();
  return anchors.map((anchor) => {
    if (anchor.line === null) return { ...anchor };
    const kept = mapping.same.get(anchor.line);
    if (kept !== undefined) return { line: kept, text: textAt(kept) };
    const hunk = mapping.hunkOf.get(anchor.line);
    if (!hunk) return { line: null, text: anchor.text };
    let pairs = paired.get(hunk);
    if (!pairs) {
      pairs = pairHunk(hunk, mapping);
      paired.set(hunk, pairs);
    }
    const line = pairs.get(anchor.line) ?? null;
    return line === null ? { line: null, text: anchor.text } : { line, text: textAt(line) };
  });
}
