/**
 * Reads what a live frame carries without applying it: the document it is for and, for a
 * sync step 2 or update, the Yjs update (for awareness, the awareness update). Throws on a frame that is not well formed.
 */
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/** Hocuspocus message types (first varUint after the document name). */
const SYNC = 0;
const SYNC_REPLY = 4;
/** Relayed by Hocuspocus to every connection of the document as if the server had said it. */
export const BROADCAST_STATELESS = 6;
/** y-protocols sync message types. */
const SYNC_STEP_2 = 1;
const UPDATE = 2;

const AWARENESS = 1;

export type Frame =
  | { kind: 'update'; update: Uint8Array }
  | { kind: 'awareness'; update: Uint8Array }
  | { kind: 'other'; type: number };

export function readFrame(data: Uint8Array): Frame {
  const decoder = decoding.createDecoder(data);
  decoding.readVarString(decoder);
  const type = decoding.readVarUint(decoder);
  if (type === AWARENESS) return { kind: 'awareness', update: decoding.readVarUint8Array(decoder) };
  if (type !== SYNC && type !== SYNC_REPLY) return { kind: 'other', type };
  const syncType = decoding.readVarUint(decoder);
  if (syncType !== SYNC_STEP_2 && syncType !== UPDATE) return { kind: 'other', type };
  const update = decoding.readVarUint8Array(decoder);
  // Parses every struct: a malformed update throws here, before anything is written.
  Y.decodeUpdate(update);
  return { kind: 'update', update };
}

/** Whether the update adds nothing the document does not hold already. */
export function holdsUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  return Y.snapshotContainsUpdate(Y.snapshot(doc), update);
}
