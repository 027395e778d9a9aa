import { useEffect } from 'react';
import type { DraftStore } from '../draftStore';
import { isUnsaved, type ServerStateStore } from './serverState';
import { backupKey, clearBackup, writeBackup } from './unsavedBackup';

/** Batched: a large diagram's JSON per keystroke would cost more than the keystroke. */
const WRITE_DEBOUNCE_MS = 300;

/**
 * Keeps unsaved text in browser storage until the server acknowledges it: written while the
 * draft differs from what was last saved, removed once a save lands. Flushed when the page hides.
 */
export function useBackupWriter(
  userId: number,
  draft: DraftStore,
  serverState: ServerStateStore,
): void {
  useEffect(() => {
    let timer: number | undefined;
    const write = () => {
      timer = undefined;
      const state = serverState.get();
      const current = draft.get();
      const key = backupKey(userId, state.id);
      if (isUnsaved(current, state.baseline)) {
        writeBackup(key, {
          ...current,
          baseUpdatedAt: state.updatedAt,
          at: Date.now(),
          ...(state.lostAccess ? { lostAccess: state.lostAccess } : {}),
        });
      } else if (state.status === 'saved') {
        clearBackup(key);
        clearBackup(backupKey(userId, 0));
      }
    };
    const schedule = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(write, WRITE_DEBOUNCE_MS);
    };
    const flush = () => {
      if (timer === undefined) return;
      window.clearTimeout(timer);
      write();
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const stopDraft = draft.subscribe(schedule);
    const stopDoc = serverState.subscribe(schedule);
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      flush();
      stopDraft();
      stopDoc();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [userId, draft, serverState]);
}
