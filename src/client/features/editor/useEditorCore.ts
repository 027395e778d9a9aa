import { useCallback, useEffect, useRef, useState } from 'react';
import { EditorSession } from './codemirror/editorSession';
import type { CodeEditorHandle } from './CodeEditor';
import { loadInitialDraft } from './draftStorage';
import { createDraftStore, type Draft } from './draftStore';

/**
 * What every editor variant has: the draft, the CodeMirror view and the template chooser.
 * `initial` starts it on a given diagram (a shared one) instead of the stored or blank draft.
 */
export function useEditorCore(signedIn: boolean, initial?: Draft) {
  const [store] = useState(() => createDraftStore(initial ?? loadInitialDraft(signedIn)));
  // One view for the screen's whole life, built from the live text: layouts come and go.
  const [session] = useState(() => new EditorSession(() => store.get().content));
  useEffect(() => () => session.destroy(), [session]);
  const editor = useRef<CodeEditorHandle>(session);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  /** Puts a title and text into the editor; a program change, not a user edit. */
  const applyDraft = useCallback(
    (draft: Draft) => {
      store.setTitle(draft.title);
      store.setContent(draft.content); // also when the view is not built yet
      session.setText(draft.content);
    },
    [store, session],
  );

  return { store, session, editor, templatesOpen, setTemplatesOpen, applyDraft };
}

export type EditorCore = ReturnType<typeof useEditorCore>;
