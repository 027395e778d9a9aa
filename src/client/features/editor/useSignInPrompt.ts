import { useCallback, useRef, useState } from 'react';
import { SIGN_IN_PROMPT_AFTER_EDITS } from '@shared/constants';

/**
 * Spec §4: for signed-out users, every SIGN_IN_PROMPT_AFTER_EDITS content edits open the
 * 'Save Your Work' dialog and the counter starts again. One edit is one change to the text made
 * by the user (a CodeMirror transaction: a typed character, a paste, a deletion, an undo), so
 * typing a five-letter word opens it. Programmatic loads (templates, New) do not count.
 */
export function useSignInPrompt(enabled: boolean) {
  const [open, setOpen] = useState(false);
  // A ref, not state: counting keystrokes must not re-render anything.
  const edits = useRef(0);

  const recordEdit = useCallback(() => {
    if (!enabled) return;
    edits.current += 1;
    if (edits.current >= SIGN_IN_PROMPT_AFTER_EDITS) {
      edits.current = 0;
      setOpen(true);
    }
  }, [enabled]);

  const reset = useCallback(() => {
    edits.current = 0;
  }, []);

  return { open, setOpen, recordEdit, reset };
}
