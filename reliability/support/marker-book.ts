/**
 * The bookkeeping that makes "no acknowledged edit is lost" checkable: every edit writes a
 * unique marker (⟦n⟧). The book notes when the server acknowledged a marker (a live update
 * answered "applied", a REST PUT or restore answered 200, an MCP call that succeeded) and every
 * change that may remove markers (a live delete of what its editor saw, a whole-text write
 * without them). At the end an acknowledged marker must be in the text, exactly once, unless a
 * change that may have reached the server removed it after it was acknowledged. A live edit is
 * held to more: its characters (Yjs items) must be in the final document, deleted or not, so a
 * whole-text write that happens to lack the marker cannot excuse an edit that never arrived.
 */
import * as Y from 'yjs';

/** Markers: digits between brackets no typed text uses. */
const MARKER = /⟦\d+⟧/g;

export function markersIn(text: string): string[] {
  return text.match(MARKER) ?? [];
}

/** Where each marker sits in `text`: [start, end) spans. */
export function markerSpans(text: string): Array<{ marker: string; start: number; end: number }> {
  return [...text.matchAll(MARKER)].map((match) => ({
    marker: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * `raw` fitted into `text` as an index: not inside a marker (an edit there would corrupt one)
 * nor between the halves of a surrogate pair.
 */
export function fitIndex(text: string, raw: number): number {
  let index = raw % (text.length + 1);
  for (const span of markerSpans(text)) {
    if (span.start < index && index < span.end) index = span.end;
  }
  if (index > 0 && index < text.length && isHigh(text.charCodeAt(index - 1))) index += 1;
  return index;
}

interface Ack {
  /** When the acknowledging operation started (it cannot hold the marker before). */
  start: number;
  acked: () => boolean;
  what: string;
  /** The live edit's Yjs update, whose items the final document must hold. */
  update?: Uint8Array;
}

/** Whether a document with state vector `state` holds every item `update` inserts. */
function holdsItems(state: Map<number, number>, update: Uint8Array): boolean {
  return Y.decodeUpdate(update).structs.every(
    (struct) =>
      struct instanceof Y.Skip ||
      (state.get(struct.id.client) ?? 0) >= struct.id.clock + struct.length,
  );
}

interface Removal {
  what: string;
  /** When the removal was over (Infinity: a live edit, which may arrive at any later time). */
  end: number;
  /** Whether it may have reached the server. */
  possible: () => boolean;
  removes: (marker: string) => boolean;
}

export interface Verdict {
  /** Acknowledged markers missing with no removal to explain it, and why they were owed. */
  lost: string[];
  /** Markers found more than once. */
  doubled: string[];
  acknowledged: number;
  present: number;
  removed: number;
}

export class MarkerBook {
  private count = 0;
  private readonly acks = new Map<string, Ack[]>();
  private readonly removals: Removal[] = [];

  next(): string {
    this.count += 1;
    return `⟦${this.count}⟧`;
  }

  /** `marker` is on the server once `acked()` holds (checked at the end). */
  ackedBy(
    marker: string,
    start: number,
    what: string,
    acked: () => boolean = () => true,
    update?: Uint8Array,
  ): void {
    const list = this.acks.get(marker) ?? [];
    list.push({ start, acked, what, ...(update ? { update } : {}) });
    this.acks.set(marker, list);
  }

  removal(removal: Removal): void {
    this.removals.push(removal);
  }

  /** `finalDoc`: the document everyone ended with (its text and its items). */
  check(finalDoc: Y.Doc, finalText: string): Verdict {
    const state = Y.decodeStateVector(Y.encodeStateVector(finalDoc));
    const counts = new Map<string, number>();
    for (const marker of markersIn(finalText)) counts.set(marker, (counts.get(marker) ?? 0) + 1);
    const verdict: Verdict = { lost: [], doubled: [], acknowledged: 0, present: 0, removed: 0 };
    for (const [marker, count] of counts) if (count > 1) verdict.doubled.push(marker);
    for (const [marker, acks] of this.acks) {
      const held = acks.filter((ack) => ack.acked());
      if (held.length === 0) continue;
      verdict.acknowledged += 1;
      const missing = held.find((ack) => ack.update && !holdsItems(state, ack.update));
      if (missing) {
        verdict.lost.push(`${marker} (acknowledged: ${missing.what}; never applied)`);
        continue;
      }
      if (counts.has(marker)) {
        verdict.present += 1;
        continue;
      }
      const since = Math.max(...held.map((ack) => ack.start));
      const removedBy = this.removals.find(
        (removal) => removal.end > since && removal.removes(marker) && removal.possible(),
      );
      if (removedBy) verdict.removed += 1;
      else verdict.lost.push(`${marker} (acknowledged: ${held.map((a) => a.what).join('; ')})`);
    }
    return verdict;
  }
}
