/**
 * Whether the open diagram is being presented, and from which step (1-based, as a `?step=` link
 * asks), so the header button, the phone menu, the shortcut and a shared link all open it.
 */
import { useSyncExternalStore } from 'react';

export interface PresentState {
  open: boolean;
  /** The step asked for when it opened (1-based; clamped against the diagram's steps). */
  start: number;
}

let state: PresentState = { open: false, start: 1 };
const listeners = new Set<() => void>();

function set(next: PresentState) {
  state = next;
  for (const listener of listeners) listener();
}

export function openPresent(start = 1): void {
  set({ open: true, start });
}

export function closePresent(): void {
  if (state.open) set({ ...state, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePresentState(): PresentState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
