/**
 * Listens for the app's shortcuts on the window in the capture phase, so they reach us before
 * CodeMirror's keymap or the browser (Ctrl+S never opens the browser's save dialog).
 */
import { useEffect, useRef } from 'react';
import { isMacPlatform, isTextTarget, shortcutFor, type ShortcutId } from './keys';

export type ShortcutHandlers = Partial<Record<ShortcutId, () => void>>;

export function useShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const mac = isMacPlatform();
    const onKeyDown = (event: KeyboardEvent) => {
      const id = shortcutFor(event, mac);
      if (!id) return;
      if (id === 'help' && isTextTarget(event.target)) return;
      const run = latest.current[id];
      // Save is always ours, even where it does nothing (a read-only page), never the browser's.
      if (!run && id !== 'save') return;
      event.preventDefault();
      event.stopPropagation();
      if (!event.repeat) run?.();
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);
}
