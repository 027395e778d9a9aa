/**
 * What the editor knows about diagram text, as one set of extensions, and the editor's side of
 * the link with the drawing: the renderer's parse errors come in, a click in the drawing moves
 * the cursor, and the cursor's line goes out so the drawing can highlight its element.
 */
import type { Extension, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { SourceLink } from '@/features/preview/sourceLink';
import { bracketsOutOfText } from './brackets';
import { completion } from './completion';
import { diagnostics, showParseError } from './diagnostics';
import { dropMark, showDropTarget } from './dropMark';
import { formatKeymap } from './format';
import { smartIndent } from './indent';
import { styleSyntax } from './styleSyntax';

export class EditorSmarts implements SourceLink {
  private view: EditorView | null = null;
  private readonly listeners = new Set<(line: number | null, follow: boolean) => void>();
  private readonly otherDiagramListeners = new Set<() => void>();
  private readonly revealListeners = new Set<() => void>();
  private cursorLine: number | null = null;
  private readonly commentListeners = new Set<
    (lines: readonly number[], commentable: boolean) => void
  >();
  private commented: readonly number[] = [];
  private commentHandler: ((line: number) => void) | null = null;

  extensions(): Extension[] {
    return [
      diagnostics(),
      completion(),
      bracketsOutOfText(),
      formatKeymap(),
      smartIndent(),
      styleSyntax(),
      dropMark(),
      EditorView.updateListener.of((update) => {
        if (update.selectionSet || update.docChanged || update.focusChanged) {
          this.publishCursor(update.transactions.some(ownMove));
        }
      }),
    ];
  }

  attach(view: EditorView): void {
    this.view = view;
  }

  detach(): void {
    this.view = null;
  }

  rendered(text: string, error: string | null): void {
    if (this.view) showParseError(this.view, text, error);
  }

  goTo(line: number, column: number | null, focus: boolean): void {
    const view = this.view;
    if (!view) return;
    const target = view.state.doc.line(Math.min(Math.max(1, line), view.state.doc.lines));
    const indent = target.text.length - target.text.trimStart().length;
    const anchor = target.from + Math.min(column ?? indent, target.length);
    view.dispatch({
      selection: { anchor },
      effects: EditorView.scrollIntoView(anchor, { y: 'center' }),
    });
    if (!focus) return;
    // The text is brought into view first (a phone shows one panel at a time), then focused.
    for (const listener of this.revealListeners) listener();
    view.focus();
  }

  /** Someone asked to go to a line and type there: whoever hides the text shows it (at once). */
  onReveal(listener: () => void): () => void {
    this.revealListeners.add(listener);
    return () => {
      this.revealListeners.delete(listener);
    };
  }

  markDrop(line: number | null, moving: number | null): void {
    if (this.view) showDropTarget(this.view, line === null ? null : { line, moving });
  }

  onCursorLine(listener: (line: number | null, follow: boolean) => void): () => void {
    this.listeners.add(listener);
    listener(this.cursorLine, false);
    return () => {
      this.listeners.delete(listener);
    };
  }

  onOtherDiagram(listener: () => void): () => void {
    this.otherDiagramListeners.add(listener);
    return () => {
      this.otherDiagramListeners.delete(listener);
    };
  }

  onCommentLines(listener: (lines: readonly number[], commentable: boolean) => void): () => void {
    this.commentListeners.add(listener);
    listener(this.commented, this.commentHandler !== null);
    return () => {
      this.commentListeners.delete(listener);
    };
  }

  /** The lines with open comment threads changed (CodeEditorView's comment gutter). */
  commentLines(lines: readonly number[]): void {
    this.commented = lines;
    this.publishComments();
  }

  /** Who starts a comment on a line (the comment gutter's), null when none can be made. */
  commentsBy(handler: ((line: number) => void) | null): void {
    this.commentHandler = handler;
    this.publishComments();
  }

  commentOn(line: number): void {
    this.commentHandler?.(line);
  }

  private publishComments() {
    const commentable = this.commentHandler !== null;
    for (const listener of this.commentListeners) listener(this.commented, commentable);
  }

  /** The editor now shows another diagram (CodeEditorView). */
  otherDiagram(): void {
    for (const listener of this.otherDiagramListeners) listener();
  }

  /**
   * The cursor's line goes out when it changes; the person's own typing on the same line goes
   * out too, since what it draws may have moved or grown out of view.
   */
  private publishCursor(follow: boolean) {
    const view = this.view;
    if (!view) return;
    const { state } = view;
    const line = state.doc.lineAt(state.selection.main.head).number;
    if (line === this.cursorLine && !follow) return;
    this.cursorLine = line;
    for (const listener of this.listeners) listener(line, follow);
  }
}

/** Typing, deleting, undoing or moving the cursor by the person at this keyboard. */
function ownMove(transaction: Transaction): boolean {
  return ['input', 'delete', 'undo', 'redo', 'select', 'move'].some((event) =>
    transaction.isUserEvent(event),
  );
}
