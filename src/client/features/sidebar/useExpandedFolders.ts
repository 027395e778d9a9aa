/** Which folders are open; kept in browser storage so it survives a reload. */
import { useCallback, useState } from 'react';
import { storage } from '@/lib/storage';
import { EXPANDED_FOLDERS_KEY } from './copy';

function read(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(storage.get(EXPANDED_FOLDERS_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter(Number.isInteger) : []);
  } catch {
    return new Set();
  }
}

export function useExpandedFolders() {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(read);
  const set = useCallback((id: number, open: boolean) => {
    setExpanded((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      storage.set(EXPANDED_FOLDERS_KEY, JSON.stringify([...next]));
      return next;
    });
  }, []);
  return { expanded, set };
}
