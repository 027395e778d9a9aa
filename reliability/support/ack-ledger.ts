/**
 * What the server said it applied, per Yjs document: the clock ranges of the structs and of the
 * deletions in every update frame it answered with "applied". An edit counts as acknowledged
 * once every struct and deletion of its update lies inside those ranges; an update the server
 * parked as pending but answered "applied" for counts too, which is the point.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

type Ranges = Map<number, Array<[number, number]>>;

function add(ranges: Ranges, client: number, from: number, to: number): void {
  if (to <= from) return;
  const list = ranges.get(client) ?? [];
  list.push([from, to]);
  list.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of list) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  ranges.set(client, merged);
}

function covers(ranges: Ranges, client: number, from: number, to: number): boolean {
  if (to <= from) return true;
  return (ranges.get(client) ?? []).some(([start, end]) => start <= from && to <= end);
}

/** The clock ranges an update carries: structs (not the skips of merged updates) and deletions. */
function rangesOf(update: Uint8Array): { structs: Ranges; deletes: Ranges } {
  const structs: Ranges = new Map();
  const deletes: Ranges = new Map();
  const decoded = Y.decodeUpdate(update);
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    add(structs, struct.id.client, struct.id.clock, struct.id.clock + struct.length);
  }
  for (const [client, items] of decoded.ds.clients) {
    for (const item of items) add(deletes, client, item.clock, item.clock + item.len);
  }
  return { structs, deletes };
}

export class AckLedger {
  private readonly structs: Ranges = new Map();
  private readonly deletes: Ranges = new Map();

  /** Notes an update the server answered with "applied". */
  applied(update: Uint8Array): void {
    const ranges = rangesOf(update);
    for (const [client, list] of ranges.structs) {
      for (const [from, to] of list) add(this.structs, client, from, to);
    }
    for (const [client, list] of ranges.deletes) {
      for (const [from, to] of list) add(this.deletes, client, from, to);
    }
  }

  /** Whether frames the server answered "applied" carried all of `update`. */
  holds(update: Uint8Array): boolean {
    const ranges = rangesOf(update);
    for (const [client, list] of ranges.structs) {
      if (!list.every(([from, to]) => covers(this.structs, client, from, to))) return false;
    }
    for (const [client, list] of ranges.deletes) {
      if (!list.every(([from, to]) => covers(this.deletes, client, from, to))) return false;
    }
    return true;
  }
}

/** Hocuspocus message types and y-protocols sync types this ledger reads. */
const SYNC = 0;
const SYNC_STATUS = 8;
const SYNC_STEP_2 = 1;
const SYNC_UPDATE = 2;

/** The Yjs update an outgoing frame for `name` carries (a sync step 2 or update), else null. */
export function sentUpdate(frame: Uint8Array, name: string): Uint8Array | null {
  const decoder = decoding.createDecoder(frame);
  if (decoding.readVarString(decoder) !== name) return null;
  if (decoding.readVarUint(decoder) !== SYNC) return null;
  const type = decoding.readVarUint(decoder);
  if (type !== SYNC_STEP_2 && type !== SYNC_UPDATE) return null;
  return decoding.readVarUint8Array(decoder);
}

/** The sync status an incoming frame for `name` carries (true: applied), else null. */
export function syncStatus(frame: Uint8Array, name: string): boolean | null {
  const decoder = decoding.createDecoder(frame);
  if (decoding.readVarString(decoder) !== name) return null;
  if (decoding.readVarUint(decoder) !== SYNC_STATUS) return null;
  return decoding.readVarUint(decoder) === 1;
}
