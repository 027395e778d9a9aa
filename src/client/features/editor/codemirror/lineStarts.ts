import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';

/** Room kept between the cursor and the editor's right edge when the line starts are shown. */
const CURSOR_ROOM_PX = 24;

/**
 * With wrapping off, a long line scrolls the editor sideways to show the cursor, and CodeMirror
 * scrolls back only as far as the cursor needs: on a new line or at Home the view stayed a few
 * characters in, hiding every line's start ("quenceDiagram"). Whenever the person's cursor is
 * within the editor's width of its line start, the view goes back to the line starts.
 */
export const keepLineStartsInView = ViewPlugin.fromClass(
  class {
    update(update: ViewUpdate) {
      const ownMove = update.transactions.some(
        (tr) => tr.selection !== undefined || tr.isUserEvent('input') || tr.isUserEvent('delete'),
      );
      if (!ownMove) return;
      update.view.requestMeasure({ key: this, read: nearLineStart, write: backToLineStarts });
    }
  },
);

/** Whether the view is scrolled sideways while the cursor would show with the line starts. */
function nearLineStart(view: EditorView): boolean {
  const scroller = view.scrollDOM;
  if (scroller.scrollLeft === 0) return false;
  const cursor = view.coordsAtPos(view.state.selection.main.head);
  if (!cursor) return false;
  // From the text's left edge (it scrolls with the text), so the scroll does not count.
  const fromStart = cursor.left - view.contentDOM.getBoundingClientRect().left;
  const gutters = view.dom.querySelector<HTMLElement>('.cm-gutters')?.offsetWidth ?? 0;
  return fromStart + CURSOR_ROOM_PX <= scroller.clientWidth - gutters;
}

function backToLineStarts(back: boolean, view: EditorView): void {
  if (back) view.scrollDOM.scrollLeft = 0;
}
