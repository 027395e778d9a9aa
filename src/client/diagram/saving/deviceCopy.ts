/**
 * The open diagram's copy on this device (IndexedDB, y-indexeddb): edits made offline survive a
 * reload or a closed tab and join the live copy when the connection returns.
 */
import { clearDocument, IndexeddbPersistence } from 'y-indexeddb';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '@shared/live';
import { afterNextPaint } from '@/lib/afterNextPaint';

/**
 * Keeps `doc` on this device under `name`. y-indexeddb writes each update inside the edit's own
 * transaction, on the key's way to the screen; here the updates of a frame are merged and written
 * once it has painted (within 100 ms, and at once when the page is hidden or the copy closed).
 * A write to a database that is closing (another tab of this diagram deleting it, the page going
 * away) throws; it is dropped instead of taking the editor's binding down with it: the live copy
 * and the unsaved-text backup still hold the text.
 */
export function keepOnDevice(name: string, doc: Y.Doc): IndexeddbPersistence {
  const stored = new IndexeddbPersistence(name, doc);
  const write = stored._storeUpdate;
  doc.off('update', write);
  let pending: Uint8Array[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const update = pending.length === 1 ? pending[0]! : Y.mergeUpdates(pending);
    pending = [];
    try {
      write(update, null);
    } catch {
      // The database is closing: this write is lost, the edit is not.
    }
  };
  stored._storeUpdate = (update, origin) => {
    // What y-indexeddb itself read from the device is there already.
    if (origin === stored) return;
    pending.push(update);
    if (scheduled) return;
    scheduled = true;
    void afterNextPaint().then(flush);
  };
  doc.on('update', stored._storeUpdate);
  const onHidden = () => flush();
  window.addEventListener('pagehide', onHidden);
  // y-indexeddb closes the copy when the document is destroyed: with what is pending written.
  const destroy = stored.destroy;
  doc.off('destroy', destroy);
  stored.destroy = () => {
    window.removeEventListener('pagehide', onHidden);
    flush();
    return destroy();
  };
  doc.on('destroy', stored.destroy);
  const clearData = stored.clearData.bind(stored);
  stored.clearData = () => {
    pending = [];
    return clearData();
  };
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
