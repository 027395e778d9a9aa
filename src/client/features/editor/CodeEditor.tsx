import { memo, useLayoutEffect, useRef } from 'react';
import type { EditorSession } from './codemirror/editorSession';
import { EDITOR_TESTIDS } from './testids';

/** What the rest of the editor screen may do with the text editor. */
export type CodeEditorHandle = Pick<
  EditorSession,
  'setText' | 'getText' | 'replaceRange' | 'focus' | 'setReadOnly' | 'smarts'
>;

interface CodeEditorProps {
  /** The screen's one CodeMirror view; this component only gives it a place on the page. */
  session: EditorSession;
  dark: boolean;
  /** Only changes the user made (typing, paste, delete, undo). */
  onUserEdit: () => void;
}

/**
 * Where the CodeMirror view is shown. The view itself belongs to the editor screen and outlives
 * this component: a re-layout that remounts the panels moves it, text, cursor and undo history
 * and all. React never re-renders this while the user types (memo + stable props).
 */
export const CodeEditor = memo(function CodeEditor({ session, dark, onUserEdit }: CodeEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    session.listen({ onUserEdit });
  }, [session, onUserEdit]);

  useLayoutEffect(() => {
    session.setDark(dark);
  }, [session, dark]);

  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    return session.mount(host);
  }, [session]);

  return <div ref={hostRef} className="h-full min-h-0" data-testid={EDITOR_TESTIDS.codeEditor} />;
});
