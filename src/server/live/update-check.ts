/**
 * What one Yjs update would do to a live document, worked out from the decoded update and the
 * document, before anything is applied:
 *
 * - its shape: Lifeline's document holds only the `content` text (strings) and the `meta` map's
 *   `title` (a string within TITLE_MAX). An item anywhere else (another root type, another meta
 *   key, a nested type, an embed, formatting) or one whose place cannot be found is refused.
 * - the work integrating it costs: Yjs places each item by scanning the items already between
 *   its two neighbours (concurrent inserts at the same place). The update's client ids, its
 *   items and the sum of those scans are bounded; the scans are walked (at most the budget).
 * - that it continues the document: nothing of it would be left pending (update-gaps.ts).
 * - how much it grows the text: characters inserted less the visible characters it deletes, so
 *   the content limit is exact.
 */
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '../../shared/live.js';
import { TITLE_MAX } from '../../shared/schemas.js';
import { continuesDocument } from './update-gaps.js';

export interface UpdateBounds {
  /** Distinct client ids one update may carry. */
  clientsMax: number;
  /** Structs (items, deletions kept as GC, skips) one update may carry. */
  itemsMax: number;
  /** Items Yjs may have to step over to place the update's items, summed over the update. */
  scanMax: number;
}

export const DEFAULT_UPDATE_BOUNDS: UpdateBounds = {
  clientsMax: 64,
  itemsMax: 20_000,
  scanMax: 200_000,
};

export type UpdateVerdict =
  | { ok: true; textGrowth: number; structs: number }
  | { ok: false; reason: 'too-complex' | 'invalid' | 'out-of-step' };

type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds'];
type RootType = NonNullable<ReturnType<Y.Doc['share']['get']>>;

/** Where an item sits: the text, the title, or nowhere (its neighbour was garbage collected). */
type Place = 'text' | 'title' | 'gone';

const idKey = (id: Y.ID) => `${id.client}:${id.clock}`;

/** The update's item holding `id` (binary search over one client's structs, in clock order). */
function findInUpdate(byClient: Map<number, Y.Item[]>, id: Y.ID): Y.Item | null {
  const items = byClient.get(id.client);
  if (!items) return null;
  let low = 0;
  let high = items.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const item = items[middle]!;
    if (id.clock < item.id.clock) high = middle - 1;
    else if (id.clock >= item.id.clock + item.length) low = middle + 1;
    else return item;
  }
  return null;
}

/** The document's struct holding `id`, or null when the document does not hold that clock. */
function findInDoc(doc: Y.Doc, id: Y.ID): Y.Item | Y.GC | null {
  const structs = doc.store.clients.get(id.client);
  const last = structs?.at(-1);
  if (!structs || !last || id.clock >= last.id.clock + last.length) return null;
  return structs[Y.findIndexSS(structs, id.clock)] as Y.Item | Y.GC;
}

export function checkUpdate(
  doc: Y.Doc,
  update: Uint8Array,
  bounds: UpdateBounds = DEFAULT_UPDATE_BOUNDS,
): UpdateVerdict {
  const decoded = Y.decodeUpdate(update);
  const { structs, ds } = decoded;
  if (structs.length > bounds.itemsMax) return { ok: false, reason: 'too-complex' };
  // Taken whole or not at all: what Yjs would park (a gap, a missing neighbour) is refused.
  if (!continuesDocument(doc, decoded)) return { ok: false, reason: 'out-of-step' };
  const byClient = new Map<number, Y.Item[]>();
  for (const struct of structs) {
    const list = byClient.get(struct.id.client) ?? [];
    if (struct instanceof Y.Item) list.push(struct);
    byClient.set(struct.id.client, list);
    if (byClient.size > bounds.clientsMax) return { ok: false, reason: 'too-complex' };
  }
  for (const client of ds.clients.keys()) byClient.set(client, byClient.get(client) ?? []);
  if (byClient.size > bounds.clientsMax) return { ok: false, reason: 'too-complex' };

  const text = doc.share.get(LIVE_TEXT);
  const meta = doc.share.get(LIVE_META);
  const docPlace = (item: Y.Item | Y.GC): Place | null => {
    if (!(item instanceof Y.Item)) return 'gone';
    if (text && item.parent === text && item.parentSub === null) return 'text';
    if (meta && item.parent === meta && item.parentSub === 'title') return 'title';
    return null;
  };
  const stateVector = Y.decodeStateVector(Y.encodeStateVector(doc));

  // Places of the update's items, found through their neighbours (Yjs writes no parent for an
  // item that has one). Iterative, memoised: a long stretch offline chains thousands of them.
  const places = new Map<Y.Item, Place | null>();
  const placeOf = (start: Y.Item): Place | null => {
    const chain: Y.Item[] = [];
    let item: Y.Item = start;
    let found: Place | null | undefined;
    for (;;) {
      if (places.has(item)) {
        found = places.get(item);
        break;
      }
      if (item.parent !== null) {
        if (typeof item.parent !== 'string')
          found = null; // a nested type: Lifeline has none
        else if (item.parent === LIVE_TEXT && item.parentSub === null) found = 'text';
        else if (item.parent === LIVE_META && item.parentSub === 'title') found = 'title';
        else found = null;
        break;
      }
      const neighbour = item.origin ?? item.rightOrigin;
      if (!neighbour) {
        found = null;
        break;
      }
      const inUpdate = findInUpdate(byClient, neighbour);
      if (inUpdate && inUpdate !== item) {
        chain.push(item);
        item = inUpdate;
        continue;
      }
      const inDoc = findInDoc(doc, neighbour);
      found = inDoc ? docPlace(inDoc) : null;
      break;
    }
    const place = found ?? null;
    places.set(item, place);
    for (const linked of chain) places.set(linked, place);
    return place;
  };

  let textGrowth = 0;
  let scans = 0;
  const walked = new Map<string, number>();
  const sameNeighbours = new Map<string, number>();
  for (const [client, items] of byClient) {
    const known = stateVector.get(client) ?? 0;
    for (const item of items) {
      // Clocks the document holds already are skipped by Yjs.
      const skip = Math.max(0, known - item.id.clock);
      if (skip >= item.length) continue;
      const place = placeOf(item);
      if (place === null) return { ok: false, reason: 'invalid' };
      const content = item.content;
      if (content instanceof Y.ContentDeleted) continue;
      if (place === 'text') {
        if (!(content instanceof Y.ContentString)) return { ok: false, reason: 'invalid' };
        textGrowth += item.length - skip - deletedIn(ds, item, skip);
      } else if (place === 'title') {
        const value = content instanceof Y.ContentAny ? content.arr : null;
        if (!value || value.length !== 1) return { ok: false, reason: 'invalid' };
        const title = value[0];
        if (typeof title !== 'string' || title.length > TITLE_MAX) {
          return { ok: false, reason: 'invalid' };
        }
      }
      if (place === 'title') {
        // A title set without its predecessor makes Yjs walk every earlier value of the key.
        scans += item.origin ? 1 : titleChain(meta, bounds.scanMax - scans);
        if (scans > bounds.scanMax) return { ok: false, reason: 'too-complex' };
      }
      if (place !== 'text') continue;
      // The scan Yjs does to place it: the items now between its neighbours, plus the update's
      // earlier items aimed at the same gap.
      const gap = `${item.origin ? idKey(item.origin) : '^'}|${item.rightOrigin ? idKey(item.rightOrigin) : '$'}`;
      const earlier = sameNeighbours.get(gap) ?? 0;
      sameNeighbours.set(gap, earlier + 1);
      let between = walked.get(gap);
      if (between === undefined) {
        between = gapWidth(doc, text, item, byClient, bounds.scanMax - scans);
        walked.set(gap, between);
      }
      scans += between + earlier;
      if (scans > bounds.scanMax) return { ok: false, reason: 'too-complex' };
    }
  }
  if (text) textGrowth -= visibleDeleted(doc, text, ds);
  return { ok: true, textGrowth, structs: structs.length };
}

/** The values `title` has had (deleted ones too), counted up to `budget` (past it: budget + 1). */
function titleChain(meta: RootType | undefined, budget: number): number {
  let step = meta?._map.get('title') ?? null;
  let count = 0;
  while (step !== null && count <= budget) {
    count++;
    step = step.left;
  }
  return count;
}

/** Characters of the update's own `item` (from `skip` on) that the update also deletes. */
function deletedIn(ds: DeleteSet, item: Y.Item, skip: number): number {
  const ranges = ds.clients.get(item.id.client);
  if (!ranges) return 0;
  const start = item.id.clock + skip;
  const end = item.id.clock + item.length;
  let count = 0;
  for (const range of ranges) {
    const from = Math.max(start, range.clock);
    const to = Math.min(end, range.clock + range.len);
    if (to > from) count += to - from;
  }
  return count;
}

/** Visible characters of the document's text that the delete set removes. */
function visibleDeleted(doc: Y.Doc, text: RootType, ds: DeleteSet): number {
  let count = 0;
  for (const [client, ranges] of ds.clients) {
    const structs = doc.store.clients.get(client);
    const last = structs?.at(-1);
    if (!structs || !last) continue;
    const end = last.id.clock + last.length;
    for (const range of ranges) {
      if (range.clock >= end) continue;
      let index = Y.findIndexSS(structs, range.clock);
      const rangeEnd = Math.min(end, range.clock + range.len);
      for (; index < structs.length; index++) {
        const struct = structs[index]!;
        if (struct.id.clock >= rangeEnd) break;
        if (
          struct instanceof Y.Item &&
          !struct.deleted &&
          struct.parent === text &&
          struct.content instanceof Y.ContentString
        ) {
          const from = Math.max(struct.id.clock, range.clock);
          const to = Math.min(struct.id.clock + struct.length, rangeEnd);
          count += to - from;
        }
      }
    }
  }
  return count;
}

/**
 * The document's items between `item`'s two neighbours (what Yjs may step over to place it),
 * walked up to `budget` (past it: budget + 1). Neighbours in the update itself are new: none.
 */
function gapWidth(
  doc: Y.Doc,
  text: RootType | undefined,
  item: Y.Item,
  byClient: Map<number, Y.Item[]>,
  budget: number,
): number {
  if (!text) return 0;
  const { origin, rightOrigin } = item;
  if (origin && findInUpdate(byClient, origin)) return 0;
  if (rightOrigin && findInUpdate(byClient, rightOrigin)) return 0;
  let left: Y.Item | null = null;
  if (origin) {
    const found = findInDoc(doc, origin);
    if (!(found instanceof Y.Item)) return 0;
    left = found;
  }
  let step: Y.Item | null = left ? left.right : text._start;
  let width = 0;
  while (step !== null) {
    if (
      rightOrigin &&
      step.id.client === rightOrigin.client &&
      rightOrigin.clock >= step.id.clock &&
      rightOrigin.clock < step.id.clock + step.length
    ) {
      break;
    }
    if (++width > budget) break;
    step = step.right;
  }
  return width;
}
