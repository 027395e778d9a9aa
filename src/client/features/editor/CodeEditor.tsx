import { Annotation, Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { memo, useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { installBenchHook } from './benchHook';
import { baseExtensions } from './codemirror/extensions';
import { darkEditorTheme, lightEditorTheme } from './codemirror/theme';
import { EDITOR_TESTIDS } from './testids';

/** Marks text replaced by the program (template, New) so it is not counted as a user edit. */
const programmatic = Annotation.define<boolean>();

export interface CodeEditorHandle {
  setText(text: string): void;
  getText(): string;
  /** One undoable user change of exactly [from, to) (in-place label edits in the preview). */
  replaceRange(from: number, to: number, text: string): void;
  focus(): void;
  /** Read-only (a viewer's shared diagram): the text can be read, selected and copied, not typed. */
  setReadOnly(readOnly: boolean): void;
}

interface CodeEditorProps {
  /** Read once, when the editor is created; later loads go through the handle. */
  initialText: string;
  dark: boolean;
  /** Every change of the text, from the user or the program. */
  onTextChange: (text: string) => void;
  /** Only changes the user made (typing, paste, delete, undo). */
  onUserEdit: () => void;
  ref?: Ref<CodeEditorHandle>;
}

/**
 * CodeMirror 6 owns the text; React never re-renders this component while the user types
 * (memo + stable props), and changes leave through callbacks read from refs.
 */
export const CodeEditor = memo(function CodeEditor({
  initialText,
  dark,
  onTextChange,
  onUserEdit,
  ref,
}: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const readOnlySlot = useRef(new Compartment());
  // The view is created once; these refs let it always call the latest props.
  const latest = useRef({ initialText, dark, onTextChange, onUserEdit });
  useLayoutEffect(() => {
    latest.current = { initialText, dark, onTextChange, onUserEdit };
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: latest.current.initialText,
        extensions: [
          ...baseExtensions(),
          themeSlot.current.of(latest.current.dark ? darkEditorTheme : lightEditorTheme),
          readOnlySlot.current.of(EditorState.readOnly.of(false)),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return;
            for (const tr of update.transactions) {
              if (tr.docChanged && !tr.annotation(programmatic)) latest.current.onUserEdit();
            }
            latest.current.onTextChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    viewRef.current = view;
    view.focus(); // Spec §2: the editor takes focus on load.
    const uninstall = installBenchHook(view, (text) => replaceText(view, text));
    return () => {
      uninstall();
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: themeSlot.current.reconfigure(dark ? darkEditorTheme : lightEditorTheme),
    });
  }, [dark]);

  useImperativeHandle(
    ref,
    () => ({
      setText: (text) => {
        if (viewRef.current) replaceText(viewRef.current, text);
      },
      getText: () => viewRef.current?.state.doc.toString() ?? '',
      replaceRange: (from, to, text) => {
        if (viewRef.current?.state.readOnly) return; // label edits are user edits too
        viewRef.current?.dispatch({
          changes: { from, to, insert: text },
          userEvent: 'input.label',
        });
      },
      focus: () => viewRef.current?.focus(),
      setReadOnly: (readOnly) => {
        viewRef.current?.dispatch({
          effects: readOnlySlot.current.reconfigure(EditorState.readOnly.of(readOnly)),
        });
      },
    }),
    [],
  );

  return <div ref={hostRef} className="h-full min-h-0" data-testid={EDITOR_TESTIDS.codeEditor} />;
});

function replaceText(view: EditorView, text: string) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    selection: { anchor: 0 },
    scrollIntoView: true,
    annotations: programmatic.of(true),
  });
}
