import { Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { yCollab } from 'y-codemirror.next';
import { commentGutter, setCommentLines } from '@/features/comments/commentGutter';
import { remoteCursors } from './remoteCursors';
import { installBenchHook } from '../benchHook';
import type { OpenDiagram } from '@/diagram/openDiagram';
import { baseExtensions } from './extensions';
import { keepLineStartsInView } from './lineStarts';
import { textChange } from './textChange';
import { EditorSmarts } from './smarts/bridge';
import { darkEditorTheme, lightEditorTheme } from './theme';
import { asOwnUndoStep, closeUndoStep } from './undoSteps';

export interface EditorCallbacks {
  /**
   * Only changes the user made (typing, paste, delete, undo): CodeMirror marks each with a user
   * event. Text the program puts in (template, New, a loaded diagram) carries none.
   */
  onUserEdit: () => void;
}

/**
 * The one CodeMirror view of an open editor screen, owned by the screen rather than by the panel
 * that shows it. A re-layout (crossing the phone breakpoint, rotating a tablet) unmounts and
 * remounts the panels; the view is then moved to the new host as it is, keeping the text, the
 * cursor and the undo history, and nothing is dispatched, so nothing is saved. The view is bound
 * to the open diagram's Y.Text (y-codemirror.next): it shows that text, typing goes into it, and
 * remote changes and cursors come out of it. When another document is opened it is bound afresh.
 */
export class CodeEditorView {
  private view: EditorView | null = null;
  private uninstallHook: (() => void) | null = null;
  /** Diagnostics, completion, format and the link with the drawing. */
  readonly smarts = new EditorSmarts();
  private readonly themeSlot = new Compartment();
  private readonly readOnlySlot = new Compartment();
  private readonly wrapSlot = new Compartment();
  /** The comment gutter, there only while someone listens to its clicks (a saved diagram). */
  private readonly commentSlot = new Compartment();
  private dark = false;
  private lineWrap = true;
  private readOnly = false;
  private refocus = false;
  private callbacks: EditorCallbacks = { onUserEdit: () => undefined };
  /** Commented lines and their thread counts (the comment gutter's markers). */
  private commentLines: ReadonlyMap<number, number> = new Map();
  private commentGutterClick: ((line: number) => void) | null = null;
  private readonly unbindReset: () => void;

  constructor(private readonly diagram: OpenDiagram) {
    // Another document (a diagram opened, the server's copy adopted): same view, new state.
    this.unbindReset = diagram.onReset((samePlace) => this.reset(samePlace));
  }

  /** The callbacks the view calls; the latest ones given win. */
  listen(callbacks: EditorCallbacks): void {
    this.callbacks = callbacks;
  }

  /**
   * Shows the view in `host` (built the first time); answers a function that takes it out. Call
   * both from a layout effect: the DOM is still attached when the old host lets go, so whether
   * the editor had focus can be read and given back to the moved view.
   */
  mount(host: HTMLElement): () => void {
    const created = this.view === null;
    const view = this.view ?? this.create();
    host.append(view.dom);
    view.requestMeasure();
    if (created || this.refocus) view.focus(); // Spec §2: the editor takes focus on load.
    this.refocus = false;
    return () => {
      this.refocus = view.hasFocus;
      if (view.dom.parentElement === host) view.dom.remove();
    };
  }

  setDark(dark: boolean): void {
    this.dark = dark;
    this.view?.dispatch({ effects: this.themeSlot.reconfigure(this.themeOf(dark)) });
  }

  /** Long lines wrap (the "Wrap long lines" setting), or scroll sideways. */
  setLineWrap(on: boolean): void {
    this.lineWrap = on;
    this.view?.dispatch({ effects: this.wrapSlot.reconfigure(this.wrapOf(on)) });
  }

  /** Read-only (a viewer's shared diagram): the text can be read, selected and copied, not typed. */
  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly;
    this.view?.dispatch({
      effects: this.readOnlySlot.reconfigure(EditorState.readOnly.of(readOnly)),
    });
  }

  /** A program change of the whole text, as a minimal diff into the diagram. */
  setText(text: string): void {
    this.diagram.replaceText(text);
  }

  getText(): string {
    return this.view?.state.doc.toString() ?? this.diagram.text.toString();
  }

  /**
   * One undoable user change of exactly [from, to) (in-place label edits in the preview). It is
   * an undo step of its own: the undo manager would otherwise join it to whatever changed the
   * text in the half second before.
   */
  replaceRange(from: number, to: number, text: string): void {
    if (!this.view || this.view.state.readOnly) return; // label edits are user edits too
    const view = this.view;
    asOwnUndoStep(view, () =>
      view.dispatch({ changes: { from, to, insert: text }, userEvent: 'input.label' }),
    );
  }

  focus(): void {
    this.view?.focus();
  }

  /** Marks the commented lines (1-based, with their thread counts) in the comment gutter. */
  setCommentLines(lines: ReadonlyMap<number, number>): void {
    this.commentLines = lines;
    this.smarts.commentLines([...lines.keys()].sort((a, b) => a - b));
    this.view?.dispatch({ effects: setCommentLines.of(lines) });
  }

  /** Called with a line whose comment gutter was clicked (null: the gutter does nothing). */
  onCommentGutter(callback: ((line: number) => void) | null): void {
    const shown = this.commentGutterClick !== null;
    this.commentGutterClick = callback;
    // The drawing's context menu starts a comment the same way.
    this.smarts.commentsBy(callback);
    if (!this.view || shown === (callback !== null)) return;
    this.view.dispatch({ effects: this.commentSlot.reconfigure(this.commentGutterOf()) });
    this.view.dispatch({ effects: setCommentLines.of(this.commentLines) });
  }

  private commentGutterOf() {
    return this.commentGutterClick ? commentGutter((line) => this.commentGutterClick?.(line)) : [];
  }

  /** The 1-based line of the caret. */
  caretLine(): number {
    const state = this.view?.state;
    return state ? state.doc.lineAt(state.selection.main.head).number : 1;
  }

  /** Selects the 1-based line and scrolls it into the middle of the view. */
  showLine(line: number): void {
    const view = this.view;
    if (!view || line < 1 || line > view.state.doc.lines) return;
    const { from, to } = view.state.doc.line(line);
    view.dispatch({
      selection: { anchor: from, head: to },
      effects: EditorView.scrollIntoView(from, { y: 'center' }),
    });
  }

  destroy(): void {
    this.unbindReset();
    this.uninstallHook?.();
    this.uninstallHook = null;
    this.smarts.detach();
    this.view?.destroy();
    this.view = null;
  }

  private themeOf(dark: boolean) {
    return dark ? darkEditorTheme : lightEditorTheme;
  }

  private wrapOf(on: boolean) {
    return on ? EditorView.lineWrapping : [];
  }

  /**
   * Binds the view to the diagram's new Y.Doc. When it holds the same diagram (the live connection
   * adopted the server's copy), the caret and scroll stay where the person left them; another
   * diagram starts at its top, and the drawing's view is reset.
   */
  private reset(samePlace: boolean): void {
    const view = this.view;
    if (!view) return;
    const scrollTop = view.scrollDOM.scrollTop;
    const next = this.createState();
    // The caret and selections stay on the same text, mapped through whatever the new copy
    // changed (another person's edit before them moves them along).
    const selection = samePlace
      ? view.state.selection.map(textChange(view.state.doc.toString(), next.doc.toString()))
      : undefined;
    view.setState(selection ? next.update({ selection }).state : next);
    view.dispatch({ effects: setCommentLines.of(this.commentLines) });
    if (samePlace) {
      view.scrollDOM.scrollTop = scrollTop;
      return;
    }
    // Another diagram opens at its top left, text and drawing alike.
    view.scrollDOM.scrollTo(0, 0);
    this.smarts.otherDiagram();
  }

  private createState(): EditorState {
    const { diagram } = this;
    return EditorState.create({
      doc: diagram.text.toString(),
      extensions: [
        ...baseExtensions(),
        ...this.smarts.extensions(),
        yCollab(diagram.text, diagram.awareness, { undoManager: diagram.undoManager }),
        remoteCursors,
        this.commentSlot.of(this.commentGutterOf()),
        closeUndoStep.of(() => diagram.undoManager.stopCapturing()),
        this.themeSlot.of(this.themeOf(this.dark)),
        this.readOnlySlot.of(EditorState.readOnly.of(this.readOnly)),
        this.wrapSlot.of(this.wrapOf(this.lineWrap)),
        keepLineStartsInView,
        EditorView.updateListener.of((update) => {
          for (const tr of update.transactions) {
            if (tr.docChanged && tr.annotation(Transaction.userEvent) !== undefined) {
              this.callbacks.onUserEdit();
            }
          }
        }),
      ],
    });
  }

  private create(): EditorView {
    const view = new EditorView({ state: this.createState() });
    this.view = view;
    view.dispatch({ effects: setCommentLines.of(this.commentLines) });
    this.smarts.attach(view);
    // The benchmark build's handle on the editor; the shipped bundle holds none of it.
    if (import.meta.env.MODE === 'bench') {
      this.uninstallHook = installBenchHook(view, (text) => this.setText(text));
    }
    return view;
  }
}
