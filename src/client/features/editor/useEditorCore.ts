import { useCallback, useEffect, useRef, useState } from 'react';
import { CodeEditorView } from './codemirror/codeEditorView';
import type { CodeEditorHandle } from './CodeEditor';
import { loadInitialDraft } from '@/diagram/draftStorage';
import type { Draft } from '@/diagram/draftStore';
import { draftView } from '@/diagram/draftView';
import { OpenDiagram } from '@/diagram/openDiagram';

/**
 * What every editor variant has: the draft, the CodeMirror view and the template chooser.
 * `initial` starts it on a given diagram (a shared one) instead of the stored or blank draft.
 */
export function useEditorCore(signedIn: boolean, initial?: Draft) {
  // The one owner of the open diagram's text and title; `store` is how the screen reads it.
  const [diagram] = useState(() => new OpenDiagram(initial ?? loadInitialDraft(signedIn)));
  const [store] = useState(() => draftView(diagram));
  // One view for the screen's whole life, bound to the diagram's text: layouts come and go.
  const [view] = useState(() => new CodeEditorView(diagram));
  useEffect(
    () => () => {
      view.destroy();
      diagram.destroy();
    },
    [view, diagram],
  );
  const editor = useRef<CodeEditorHandle>(view);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  /** Puts a title and text into the open diagram as a minimal change; not a user edit. */
  const applyDraft = useCallback((draft: Draft) => diagram.replace(draft), [diagram]);

  /** Opens other text: a fresh document (another diagram, a new one), its own undo history. */
  const openDraft = useCallback((draft: Draft) => diagram.open(draft), [diagram]);

  return {
    diagram,
    store,
    view,
    editor,
    templatesOpen,
    setTemplatesOpen,
    applyDraft,
    openDraft,
  };
}

export type EditorCore = ReturnType<typeof useEditorCore>;
