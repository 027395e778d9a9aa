/**
 * Presence (Yjs awareness) as the server lets it through. Every client renders what the others
 * put there (names and colours in the presence strip and cursors), so an awareness frame is
 * checked before Hocuspocus applies it: a connection speaks for its own client id only, each
 * state is JSON of the expected shape and at most AWARENESS_STATE_MAX bytes; anything else closes
 * the connection (a client echoing the states it received changes nothing and passes, and so does
 * its removal of a peer that went silent). Who a state says its user is (id, name, role) is then
 * overwritten from the connection's auth session, so no one can appear as someone else.
 */
import type { Connection, Document } from '@hocuspocus/server';
import * as decoding from 'lib0/decoding';
import { awarenessState, AWARENESS_STATE_MAX, type AwarenessState } from '../../shared/live.js';
import { contextOf } from './context.js';

/**
 * Client states one frame may carry. A provider sends its own, and echoes every state it
 * receives (with the clock it was given, so the echo changes nothing).
 */
const STATES_PER_FRAME = 256;

/** Closes a connection whose presence is too large, malformed or someone else's. */
export const INVALID_AWARENESS = { code: 1008, reason: 'invalid awareness' };

interface Entry {
  clientId: number;
  clock: number;
  state: AwarenessState | null;
}

/** Reads an awareness update; throws INVALID_AWARENESS for anything not within the rules. */
export function readAwareness(update: Uint8Array): Entry[] {
  try {
    const decoder = decoding.createDecoder(update);
    const count = decoding.readVarUint(decoder);
    if (count > STATES_PER_FRAME) throw INVALID_AWARENESS;
    const entries: Entry[] = [];
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder);
      const clock = decoding.readVarUint(decoder);
      // Checked before the string is read: a varString's length prefix counts bytes.
      const length = decoding.peekVarUint(decoder);
      if (length > AWARENESS_STATE_MAX) throw INVALID_AWARENESS;
      const parsed: unknown = JSON.parse(decoding.readVarString(decoder));
      if (parsed === null) {
        entries.push({ clientId, clock, state: null });
        continue;
      }
      const state = awarenessState.safeParse(parsed);
      if (!state.success) throw INVALID_AWARENESS;
      entries.push({ clientId, clock, state: state.data });
    }
    return entries;
  } catch {
    throw INVALID_AWARENESS;
  }
}

/** Per connection: the one awareness client id it speaks for (its first). */
const clientIds = new WeakMap<Connection, number>();

/**
 * How long the server must not have heard from a client before others may remove its presence.
 * y-protocols clients drop a peer they have not heard from in 30 s and tell the server so; a live
 * peer renews its presence every 15 s, so a removal of one heard from more recently is refused.
 */
export const SILENT_PEER_MS = 15_000;

/**
 * A removal of someone else's presence that changes nothing anyone sees: one the document does
 * not hold (a server started again after the peer left), or one of a peer silent for
 * SILENT_PEER_MS (y-protocols' own timeout, as every client applies it).
 */
function dropsSilentPeer(document: Document, { clientId, state }: Entry): boolean {
  if (state !== null) return false;
  if (!document.awareness.states.has(clientId)) return true;
  const lastUpdated = document.awareness.meta.get(clientId)?.lastUpdated ?? 0;
  return Date.now() - lastUpdated >= SILENT_PEER_MS;
}

/** Whether y-protocols' applyAwarenessUpdate would take this entry (else it is an echo). */
function applies(document: Document, { clientId, clock, state }: Entry): boolean {
  const current = document.awareness.meta.get(clientId)?.clock ?? 0;
  return (
    current < clock ||
    (current === clock && state === null && document.awareness.states.has(clientId))
  );
}

/**
 * Throws INVALID_AWARENESS unless every state of `update` is valid, and every one that would
 * change the document's awareness is `connection`'s own (or the removal of a silent peer).
 */
export function checkAwareness(
  document: Document,
  connection: Connection,
  update: Uint8Array,
): void {
  for (const entry of readAwareness(update)) {
    if (!applies(document, entry)) continue;
    const { clientId } = entry;
    const own = clientIds.get(connection);
    if (clientId !== own && dropsSilentPeer(document, entry)) continue;
    if (own !== undefined) {
      if (own !== clientId) throw INVALID_AWARENESS;
      continue;
    }
    for (const { clients, connection: other } of document.connections.values()) {
      if (other !== connection && clients.has(clientId)) throw INVALID_AWARENESS;
    }
    clientIds.set(connection, clientId);
  }
}

/**
 * Makes every state a connection adds say whose auth session it is: `user.id`, `name` and `role`
 * come from the connection, whatever the client claimed; a connection without an auth session
 * shows no user. Runs on the awareness "change" event, before Hocuspocus relays the states.
 */
export function stampAwareness(document: Document) {
  document.awareness.on(
    'change',
    ({ added, updated }: { added: number[]; updated: number[] }, origin: unknown) => {
      const connection = [...document.connections.entries()].find(([ws]) => ws === origin)?.[1]
        .connection;
      if (!connection) return;
      const live = contextOf(connection.context);
      for (const clientId of [...added, ...updated]) {
        const state = document.awareness.states.get(clientId) as AwarenessState | undefined;
        if (!state?.user) continue;
        if (!live.user) {
          delete state.user;
          continue;
        }
        state.user.id = live.user.id;
        state.user.name = live.userName ?? '';
        state.user.role = live.role ?? 'viewer';
      }
    },
  );
}
