/**
 * Hand-built frames of the live-route attacks, for tests and bench/live-attacks: items placed
 * by scanning many concurrent ones, writes outside the document's shape, authentication and sync
 * frames by the thousand; and what the attacks are measured by (/healthz, the server's memory).
 */
import { readFileSync } from 'node:fs';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '../../src/shared/live.js';

/**
 * `count` one-character items at the start of `content`, each from its own client id (from
 * `firstClient` on) and with no neighbours: Yjs scans the concurrent ones to place each.
 */
export function concurrentItems(count: number, firstClient: number): Uint8Array {
  // Written out in the update format (v1) itself: merging thousands of updates takes long.
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, count);
  for (let i = count - 1; i >= 0; i--) {
    encoding.writeVarUint(encoder, 1); // one struct
    encoding.writeVarUint(encoder, firstClient + i);
    encoding.writeVarUint(encoder, 0); // at clock 0
    encoding.writeUint8(encoder, STRING_CONTENT); // no origins, no parentSub
    encoding.writeVarUint(encoder, 1); // the parent is a root type, by name
    encoding.writeVarString(encoder, LIVE_TEXT);
    encoding.writeVarString(encoder, 'x');
  }
  encoding.writeVarUint(encoder, 0); // no deletions
  return encoding.toUint8Array(encoder);
}

/** Yjs's content reference of a string item. */
const STRING_CONTENT = 4;

/** An update that writes `bytes` of text into a root type Lifeline does not use. */
export function junkRoot(bytes: number, name = 'junk'): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap(name).set('x', 'j'.repeat(bytes));
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** An update that sets `meta[key]` to `value`. */
export function metaEntry(key: string, value: unknown): Uint8Array {
  const doc = new Y.Doc();
  doc.getMap(LIVE_META).set(key, value);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** A Hocuspocus frame carrying `update` for the document `name` (a sync update message). */
export function updateFrame(name: string, update: Uint8Array): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeVarUint(encoder, 0); // sync
  encoding.writeVarUint(encoder, 2); // update
  encoding.writeVarUint8Array(encoder, update);
  return encoding.toUint8Array(encoder);
}

/** A Hocuspocus authentication frame for the document `name` (the cookie authenticates). */
export function authFrame(name: string, token = 'cookie'): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeVarUint(encoder, 2); // auth
  encoding.writeVarUint(encoder, 0); // token
  encoding.writeVarString(encoder, token);
  return encoding.toUint8Array(encoder);
}

/** A sync step 1 for `name` from an empty document: the server answers with all it holds. */
export function syncStep1Frame(name: string): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarString(encoder, name);
  encoding.writeVarUint(encoder, 0); // sync
  encoding.writeVarUint(encoder, 0); // step 1
  encoding.writeVarUint8Array(encoder, Y.encodeStateVector(new Y.Doc()));
  return encoding.toUint8Array(encoder);
}

/** What a server frame says of authentication: 'authenticated', 'denied', or null (other). */
export function authAnswer(payload: Uint8Array): 'authenticated' | 'denied' | null {
  const decoder = decoding.createDecoder(payload);
  decoding.readVarString(decoder);
  if (decoding.readVarUint(decoder) !== 2) return null;
  const kind = decoding.readVarUint(decoder);
  return kind === 2 ? 'authenticated' : kind === 1 ? 'denied' : null;
}

/** The resident memory of process `pid`, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
