/** The Format command (Shift+Alt+F): the shared formatter's result as one undoable change. */
import type { ChangeSpec, Extension } from '@codemirror/state';
import { keymap, type Command } from '@codemirror/view';
import { formatLines } from '@shared/mermaid-reader/format';
import { asOwnUndoStep } from '../undoSteps';

export const FORMAT_KEY = 'Shift-Alt-f';

export const formatDocument: Command = (view) => {
  const { state } = view;
  if (state.readOnly) return false;
  const formatted = formatLines(state.doc.toString());
  // Only the lines that change are replaced, so the cursor and others' edits keep their place.
  const changes: ChangeSpec[] = [];
  formatted.forEach((text, index) => {
    const line = state.doc.line(index + 1);
    if (line.text !== text) changes.push({ from: line.from, to: line.to, insert: text });
  });
  if (changes.length > 0) {
    asOwnUndoStep(view, () => view.dispatch({ changes, userEvent: 'input.format' }));
  }
  return true;
};

export function formatKeymap(): Extension {
  return keymap.of([{ key: FORMAT_KEY, run: formatDocument, preventDefault: true }]);
}
