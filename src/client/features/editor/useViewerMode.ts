import { useEffect, type RefObject } from 'react';
import type { CodeEditorHandle } from './CodeEditor';
import { useDocument, type DocumentStore } from '@/diagram/saving/documentStore';

/** A viewer's diagram is read-only in the editor; anything else is editable. */
export function useViewerMode(doc: DocumentStore, editor: RefObject<CodeEditorHandle | null>) {
  const viewer = useDocument(doc, (state) => state.access === 'viewer');
  useEffect(() => {
    editor.current?.setReadOnly(viewer);
  }, [editor, viewer]);
  return viewer;
}
