/**
 * Before the editor joins its live copy: every save this screen made over HTTP is held by that
 * copy, so the join puts back (as a diff against the copy) only what the server does not have.
 *
 * The server applies a save over HTTP to its live document as an edit of its own, and its update
 * may reach the live copy long after the save's answer (or before the join, or never on this
 * connection). A diff put back against a copy still without it would make the same edit a second
 * time, interleaved with the first (a paste doubled, typing moved to a later place); typing into
 * a copy still without it lands in the older text. So a save still in flight is awaited, and the
 * edit each save's answer carries (`savedEdits`) is applied to the copy: the very update the server
 * made, so its own arrival later changes nothing.
 */
import * as Y from 'yjs';
import type { Saver } from '../saving/saver';
import type { ServerStateStore } from '../saving/serverState';

/** Base64 → bytes (a save's answer carries its edit as base64). */
const bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/** Whether everything applied to `doc` is in it: nothing waits for an update it builds on. */
const complete = (doc: Y.Doc) => doc.store.pendingStructs === null && doc.store.pendingDs === null;

/**
 * How long the join waits for edits a saved edit builds on. They are on their way (the server
 * had them before the save); an editor that never gets them joins anyway rather than never.
 */
export const MISSING_EDITS_WAIT_MS = 10_000;

/**
 * Applies the saved edits to `shared` (with `origin`, so they are not sent back) and resolves
 * once the copy holds all of them: an edit building on others' edits the copy has not received
 * yet waits for them.
 */
function holdSavedEdits(shared: Y.Doc, edits: readonly string[], origin: unknown): Promise<void> {
  for (const edit of edits) Y.applyUpdate(shared, bytes(edit), origin);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      shared.off('afterTransaction', check);
      resolve();
    };
    const check = () => {
      if (complete(shared)) done();
    };
    const timer = setTimeout(done, MISSING_EDITS_WAIT_MS);
    shared.on('afterTransaction', check);
    check();
  });
}

/** The wait before joining `shared`, or null to join at once. */
export function savesBeforeJoin(
  shared: Y.Doc,
  origin: unknown,
  saver: Saver,
  serverState: ServerStateStore,
): Promise<void> | null {
  const hold = () => holdSavedEdits(shared, serverState.get().savedEdits, origin);
  // Saves starting from here go over the live connection (see useLiveDiagram's LiveSaver).
  if (saver.saving()) return saver.settled().then(hold, hold);
  if (serverState.get().savedEdits.length === 0 && complete(shared)) return null;
  return hold();
}
