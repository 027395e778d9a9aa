import { useEffect, type RefObject } from 'react';
import type { CodeEditorHandle } from './CodeEditor';
import { useServerState, type ServerStateStore } from '@/diagram/saving/serverState';

/** A viewer's diagram is read-only in the editor; anything else is editable. */
export function useViewerMode(doc: ServerStateStore, editor: RefObject<CodeEditorHandle | null>) {
  const viewer = useServerState(doc, (state) => state.access === 'viewer');
  useEffect(() => {
    editor.current?.setReadOnly(viewer);
  }, [editor, viewer]);
  return viewer;
}
