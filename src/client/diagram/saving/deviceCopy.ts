/**
 * The open diagram's copy on this device (IndexedDB, y-indexeddb): edits made offline survive a
 * reload or a closed tab and join the live copy when the connection returns.
 */
import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '@shared/live';

/**
 * Keeps `doc` on this device under `name`. y-indexeddb writes each update inside the edit's own
 * transaction; a write to a database that is closing (another tab of this diagram deleting it,
 * the page going away) throws there and would take the editor's binding down with it. Such a
 * write is dropped instead: the live copy and the unsaved-text backup still hold the text.
 */
export function keepOnDevice(name: string, doc: Y.Doc): IndexeddbPersistence {
  const stored = new IndexeddbPersistence(name, doc);
  const write = stored._storeUpdate;
  doc.off('update', write);
  stored._storeUpdate = (update, origin) => {
    try {
      write(update, origin);
    } catch {
      // The database is closing: this write is lost, the edit is not.
    }
  };
  doc.on('update', stored._storeUpdate);
  return stored;
}

/**
 * Reads what an earlier visit kept on this device, then lets go of it. When `wanted()` says so
 * (asked once the copy is read), `take` is given the kept state, if any; otherwise the device copy
 * is deleted. Resolves once the database is closed (and deleted), so a copy opened afterwards is
 * never closed under its feet.
 */
export async function takeDeviceCopy(
  name: string,
  { wanted, take }: { wanted: () => boolean; take: (state: Uint8Array) => void },
): Promise<void> {
  const earlier = new Y.Doc();
  const reading = new IndexeddbPersistence(name, earlier);
  let clear = false;
  try {
    await reading.whenSynced;
    clear = !wanted();
    const kept = earlier.getText(LIVE_TEXT).length > 0 || earlier.getMap(LIVE_META).size > 0;
    if (kept && !clear) take(Y.encodeStateAsUpdate(earlier));
  } finally {
    await reading.destroy();
    earlier.destroy();
    if (clear) await clearDocument(name);
  }
}
