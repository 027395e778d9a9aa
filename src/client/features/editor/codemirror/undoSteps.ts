/**
 * Whole commands (Format) are one undo step of their own. The shared undo history joins every
 * change made within half a second into one step, so Format pressed right after typing would be
 * undone together with the typing. A command closes the step before and after its change.
 */
import { Facet } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

/** What closes the current undo step (the editor view's undo manager). */
export const closeUndoStep = Facet.define<() => void>();

/** Dispatches `run`'s change as an undo step of its own. */
export function asOwnUndoStep(view: EditorView, run: () => void): void {
  const close = () => view.state.facet(closeUndoStep).forEach((closeStep) => closeStep());
  close();
  run();
  close();
}
