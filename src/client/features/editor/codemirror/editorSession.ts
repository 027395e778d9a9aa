import { Compartment, EditorState, Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { installBenchHook } from '../benchHook';
import { baseExtensions } from './extensions';
import { darkEditorTheme, lightEditorTheme } from './theme';

export interface EditorCallbacks {
  /** Every change of the text, from the user or the program. */
  onTextChange: (text: string) => void;
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
 * cursor and the undo history, and nothing is dispatched, so nothing is saved. A view is only
 * ever built from the live text (`readText`), never from what was loaded first.
 */
export class EditorSession {
  private view: EditorView | null = null;
  private uninstallHook: (() => void) | null = null;
  private readonly themeSlot = new Compartment();
  private readonly readOnlySlot = new Compartment();
  private dark = false;
  private readOnly = false;
  private refocus = false;
  private callbacks: EditorCallbacks = {
    onTextChange: () => undefined,
    onUserEdit: () => undefined,
  };

  constructor(private readonly readText: () => string) {}

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

  /** Read-only (a viewer's shared diagram): the text can be read, selected and copied, not typed. */
  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly;
    this.view?.dispatch({
      effects: this.readOnlySlot.reconfigure(EditorState.readOnly.of(readOnly)),
    });
  }

  setText(text: string): void {
    if (this.view) replaceText(this.view, text);
  }

  getText(): string {
    return this.view?.state.doc.toString() ?? this.readText();
  }

  /** One undoable user change of exactly [from, to) (in-place label edits in the preview). */
  replaceRange(from: number, to: number, text: string): void {
    if (!this.view || this.view.state.readOnly) return; // label edits are user edits too
    this.view.dispatch({ changes: { from, to, insert: text }, userEvent: 'input.label' });
  }

  focus(): void {
    this.view?.focus();
  }

  destroy(): void {
    this.uninstallHook?.();
    this.uninstallHook = null;
    this.view?.destroy();
    this.view = null;
  }

  private themeOf(dark: boolean) {
    return dark ? darkEditorTheme : lightEditorTheme;
  }

  private create(): EditorView {
    const view = new EditorView({
      state: EditorState.create({
        doc: this.readText(),
        extensions: [
          ...baseExtensions(),
          this.themeSlot.of(this.themeOf(this.dark)),
          this.readOnlySlot.of(EditorState.readOnly.of(this.readOnly)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            for (const tr of update.transactions) {
              if (tr.docChanged && tr.annotation(Transaction.userEvent) !== undefined) {
                this.callbacks.onUserEdit();
              }
            }
            this.callbacks.onTextChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    this.view = view;
    // The benchmark build's handle on the editor; the shipped bundle holds none of it.
    if (import.meta.env.MODE === 'bench') {
      this.uninstallHook = installBenchHook(view, (text) => replaceText(view, text));
    }
    return view;
  }
}

function replaceText(view: EditorView, text: string) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    scrollIntoView: true,
  });
}
