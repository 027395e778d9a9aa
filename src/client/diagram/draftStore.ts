import { useSyncExternalStore } from 'react';

export interface Draft {
  title: string;
  content: string;
}

/**
 * The open diagram's title and text as the screen reads them, outside React state: the editor
 * writes on every keystroke and only the parts that show a field re-render (useSyncExternalStore
 * compares the field, not the object), so typing never re-renders the header or the editor
 * itself. `draftView` makes the one there is, over the open diagram.
 */
export interface DraftStore {
  /** One stable object per change. */
  get(): Draft;
  setTitle(title: string): void;
  setContent(content: string): void;
  subscribe(listener: () => void): () => void;
}

export function useDraftField<K extends keyof Draft>(store: DraftStore, key: K): Draft[K] {
  const read = () => store.get()[key];
  return useSyncExternalStore(store.subscribe, read, read);
}
