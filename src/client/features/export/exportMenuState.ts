/** Whether the header's Export menu is open, so a keyboard shortcut can open it too. */
import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

export function setExportMenuOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

export function openExportMenu(): void {
  setExportMenuOpen(true);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useExportMenuOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
}
