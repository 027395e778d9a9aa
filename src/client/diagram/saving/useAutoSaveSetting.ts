import { useCallback, useState } from 'react';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { storage } from '@/lib/storage';

/** Spec §3: autoSaveEnabled is 'true' or 'false'; true when unset. */
export function useAutoSaveSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => storage.get(STORAGE_KEYS.autoSaveEnabled) !== 'false');
  const set = useCallback((next: boolean) => {
    storage.set(STORAGE_KEYS.autoSaveEnabled, String(next));
    setOn(next);
  }, []);
  return [on, set];
}
