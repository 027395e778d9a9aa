import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { storage } from '@/lib/storage';

/**
 * The editor's "Wrap long lines" setting, kept in browser storage like the others: 'true' or
 * 'false', on when unset. One value for the page (the menus and the editor read the same) and
 * for every tab of it.
 */
const listeners = new Set<() => void>();
let current: boolean | null = null;

const read = () => storage.get(STORAGE_KEYS.editorLineWrap) !== 'false';
const get = () => (current ??= read());

export function setLineWrap(on: boolean): void {
  storage.set(STORAGE_KEYS.editorLineWrap, String(on));
  current = on;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Changed in another tab.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.editorLineWrap) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLineWrap(): [boolean, (on: boolean) => void] {
  return [useSyncExternalStore(subscribe, get), setLineWrap];
}
