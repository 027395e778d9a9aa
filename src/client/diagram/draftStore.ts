import { useSyncExternalStore } from 'react';

export interface Draft {
  title: string;
  content: string;
}

/**
 * The open diagram's title and text outside React state: the editor writes on every keystroke and
 * only the parts that show a field re-render (useSyncExternalStore compares the field, not the
 * object), so typing never re-renders the header or the editor itself.
 */
export function createDraftStore(initial: Draft) {
  let draft = initial;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    get: (): Draft => draft,
    setTitle(title: string) {
      if (title === draft.title) return;
      draft = { ...draft, title };
      emit();
    },
    setContent(content: string) {
      if (content === draft.content) return;
      draft = { ...draft, content };
      emit();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;

export function useDraftField<K extends keyof Draft>(store: DraftStore, key: K): Draft[K] {
  const read = () => store.get()[key];
  return useSyncExternalStore(store.subscribe, read, read);
}
