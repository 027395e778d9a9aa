import { memo, useLayoutEffect, useRef } from 'react';
import type { CodeEditorView } from './codemirror/codeEditorView';
import { useLineWrap } from './lineWrapSetting';
import { EDITOR_TESTIDS } from './testIds';

/** What the rest of the editor screen may do with the text editor. */
export type CodeEditorHandle = Pick<
  CodeEditorView,
  'setText' | 'getText' | 'replaceRange' | 'focus' | 'setReadOnly' | 'smarts'
>;

interface CodeEditorProps {
  /** The screen's one CodeMirror view; this component only gives it a place on the page. */
  view: CodeEditorView;
  dark: boolean;
  /** Only changes the user made (typing, paste, delete, undo). */
  onUserEdit: () => void;
}

/**
 * Where the CodeMirror view is shown. The view itself belongs to the editor screen and outlives
 * this component: a re-layout that remounts the panels moves it, text, cursor and undo history
 * and all. React never re-renders this while the user types (memo + stable props).
 */
export const CodeEditor = memo(function CodeEditor({ view, dark, onUserEdit }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const [lineWrap] = useLineWrap();

  useLayoutEffect(() => {
    view.listen({ onUserEdit });
  }, [view, onUserEdit]);

  useLayoutEffect(() => {
    view.setDark(dark);
  }, [view, dark]);

  useLayoutEffect(() => {
    view.setLineWrap(lineWrap);
  }, [view, lineWrap]);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    return view.mount(host);
  }, [view]);

  return <div ref={hostRef} className="h-full min-h-0" data-testid={EDITOR_TESTIDS.codeEditor} />;
});
