/**
 * The "Auto-saved" toast of spec §8 for a live diagram: edits reach the server as they are typed,
 * so the toast comes once per pause in this screen's own typing, after the server has confirmed
 * the edits. Others' edits never raise it; nor does an explicit Save (it has its own toast).
 */
import { AUTO_SAVE_DELAY_MS } from '@shared/constants';
import type { OpenDiagram } from '../openDiagram';
import { toastAutoSaved } from './saveToasts';

/** A pause: half the spec's longest unsaved time, so the toast lands within it. */
export const TYPING_PAUSE_MS = AUTO_SAVE_DELAY_MS / 2;

export function startAutoSavedNotice(
  diagram: OpenDiagram,
  enabled: () => boolean,
  pauseMs = TYPING_PAUSE_MS,
) {
  let editedAt = 0;
  let savedAt = 0;
  let owed = false;
  let paused = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settle = () => {
    if (!owed || !paused || savedAt < editedAt) return;
    owed = false;
    toastAutoSaved();
  };
  const stopListening = diagram.onLocalEdit(() => {
    if (!enabled()) return;
    editedAt = Date.now();
    owed = true;
    paused = false;
    clearTimeout(timer);
    timer = setTimeout(() => {
      paused = true;
      settle();
    }, pauseMs);
  });
  return {
    /** The server confirmed what it holds. */
    saved(): void {
      savedAt = Date.now();
      settle();
    },
    /** An explicit Save covers the edits so far. */
    cancel(): void {
      owed = false;
    },
    stop(): void {
      clearTimeout(timer);
      stopListening();
    },
  };
}
