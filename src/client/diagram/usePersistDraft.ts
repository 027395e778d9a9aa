import { useEffect } from 'react';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { writeStoredDraft } from './draftStorage';
import type { DraftStore } from './draftStore';

/** Writes are batched: a 34 KB JSON write per keystroke would cost more than the keystroke. */
const PERSIST_DEBOUNCE_MS = 300;

/**
 * Keeps the signed-out draft under pendingDiagramContent so a reload (or the trip through
 * sign-in) does not lose it. Pending writes are flushed when the page is hidden or left.
 */
export function usePersistDraft(store: DraftStore, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: number | undefined;
    const flush = () => {
      if (timer === undefined) return;
      window.clearTimeout(timer);
      timer = undefined;
      writeStoredDraft(STORAGE_KEYS.pendingDiagramContent, store.get());
    };
    const unsubscribe = store.subscribe(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        timer = undefined;
        writeStoredDraft(STORAGE_KEYS.pendingDiagramContent, store.get());
      }, PERSIST_DEBOUNCE_MS);
    });
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [store, enabled]);
}
