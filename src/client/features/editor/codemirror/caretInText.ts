import { EditorView } from '@codemirror/view';

/** The text node a caret placed at the end (`end`) or start of `node` would sit in, if any. */
function textAt(node: Node, end: boolean): Text | null {
  let current: Node | null = node;
  while (current && current.nodeType === Node.ELEMENT_NODE) {
    // A widget is not text the person types into.
    if ((current as HTMLElement).contentEditable === 'false') return null;
    current = end ? current.lastChild : current.firstChild;
  }
  return current?.nodeType === Node.TEXT_NODE ? (current as Text) : null;
}

/**
 * Keeps the caret inside a text node. CodeMirror may leave it between two elements, as at the end
 * of a line whose last word a lint mark underlines, and Chrome can then put the next key into the
 * wrong element: after `Alice->>Car` and a pause that underlined both words, `l` landed before
 * `Car`, and every key after it followed. The caret moves into the neighbouring text, the same
 * place in the document: the start of what follows it, or the end of what precedes it at a line's
 * end.
 */
export const caretInText = EditorView.updateListener.of((update) => {
  const typed = update.transactions.some(
    (tr) => tr.isUserEvent('input') || tr.isUserEvent('delete'),
  );
  if (!typed) {
    keepCaretInText(update.view);
    return;
  }
  // After the person's own key the caret is where that key put it. Reading the page's selection
  // makes Chromium recalculate style at once, before the key is painted (about 1 ms a key on a
  // 600-message diagram, bench:typing), so the check waits for the frame that shows the key. A
  // lint mark drawn in a pause (the case above) is no key: it is checked at once.
  const { view } = update;
  if (pending.has(view)) return;
  pending.add(view);
  requestAnimationFrame(() =>
    setTimeout(() => {
      pending.delete(view);
      keepCaretInText(view);
    }, 0),
  );
});

/** Views with a check waiting for the next frame. */
const pending = new WeakSet<EditorView>();

function keepCaretInText(view: EditorView): void {
  const main = view.state.selection.main;
  if (!main.empty || !view.hasFocus || view.composing) return;
  const selection = document.getSelection();
  const at = selection?.focusNode;
  if (!selection?.isCollapsed || !at || at.nodeType !== Node.ELEMENT_NODE) return;
  if (!view.contentDOM.contains(at) || at === view.contentDOM) return;
  const offset = selection.focusOffset;
  const after = at.childNodes[offset];
  const before = at.childNodes[offset - 1];
  const next = after ? textAt(after, false) : null;
  const target = next
    ? { node: next, offset: 0 }
    : before
      ? { node: textAt(before, true), offset: -1 }
      : null;
  if (!target?.node) return;
  const place = target.offset === -1 ? target.node.length : 0;
  if (view.posAtDOM(target.node, place) !== main.head) return;
  selection.collapse(target.node, place);
}
