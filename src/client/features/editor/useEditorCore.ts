import { useCallback, useRef, useState } from 'react';
import type { CodeEditorHandle } from './CodeEditor';
import { loadInitialDraft } from './draftStorage';
import { createDraftStore, type Draft } from './draftStore';

/**
 * What every editor variant has: the draft, the CodeMirror handle and the template chooser.
 * `initial` starts it on a given diagram (a shared one) instead of the stored or blank draft.
 */
export function useEditorCore(signedIn: boolean, initial?: Draft) {
  const [store] = useState(() => createDraftStore(initial ?? loadInitialDraft(signedIn)));
  const [initialText] = useState(() => store.get().content);
  const editor = useRef<CodeEditorHandle>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  /** Puts a title and text into the editor; a program change, not a user edit. */
  const applyDraft = useCallback(
    (draft: Draft) => {
      store.setTitle(draft.title);
      editor.current?.setText(draft.content);
    },
    [store],
  );

  return { store, initialText, editor, templatesOpen, setTemplatesOpen, applyDraft };
}

export type EditorCore = ReturnType<typeof useEditorCore>;
