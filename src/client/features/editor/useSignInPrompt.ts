import { useCallback, useEffect, useRef, useState } from 'react';
import { SIGN_IN_PROMPT_AFTER_EDITS } from '@shared/constants';

/** How long typing must pause before a due nudge shows: it never opens between two keys. */
export const SIGN_IN_PROMPT_PAUSE_MS = 1500;

/** Dismissed once, the nudge stays away until the page is loaded again (a visit). */
let dismissedThisVisit = false;

/**
 * Spec §4: for signed-out users, every SIGN_IN_PROMPT_AFTER_EDITS content edits the 'Save Your
 * Work' dialog is due and the counter starts again. One edit is one change to the text made by
 * the user (a CodeMirror transaction: a typed character, a paste, a deletion, an undo).
 * Programmatic loads (templates, New) do not count.
 *
 * A due nudge waits for typing to pause (SIGN_IN_PROMPT_PAUSE_MS) and opens without taking the
 * keyboard (see SaveYourWorkDialog), so no keystroke ever lands in it; once dismissed it does not
 * come back in this visit.
 */
export function useSignInPrompt(enabled: boolean) {
  const [open, setOpenState] = useState(false);
  // Refs, not state: counting keystrokes must not re-render anything.
  const edits = useRef(0);
  const due = useRef(false);
  const pause = useRef<number | null>(null);

  const clearPause = () => {
    if (pause.current !== null) window.clearTimeout(pause.current);
    pause.current = null;
  };
  useEffect(() => clearPause, []);

  const recordEdit = useCallback(() => {
    if (!enabled || dismissedThisVisit) return;
    edits.current += 1;
    if (edits.current >= SIGN_IN_PROMPT_AFTER_EDITS) {
      edits.current = 0;
      due.current = true;
    }
    if (!due.current) return;
    // Every key pushes the nudge back: it shows once the person stops typing.
    clearPause();
    pause.current = window.setTimeout(() => {
      pause.current = null;
      due.current = false;
      if (!dismissedThisVisit) setOpenState(true);
    }, SIGN_IN_PROMPT_PAUSE_MS);
  }, [enabled]);

  const setOpen = useCallback((next: boolean) => {
    if (!next) dismissedThisVisit = true;
    setOpenState(next);
  }, []);

  const reset = useCallback(() => {
    edits.current = 0;
    due.current = false;
    clearPause();
  }, []);

  return { open, setOpen, recordEdit, reset };
}
