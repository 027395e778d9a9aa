import { useEffect, type RefObject } from 'react';
import type { CodeEditorHandle } from './CodeEditor';
import { can } from '@shared/policy/can';
import { useServerState, type ServerStateStore } from '@/diagram/saving/serverState';

/** A diagram the person may not edit (a viewer's) is read-only in the editor. */
export function useViewerMode(
  serverState: ServerStateStore,
  editor: RefObject<CodeEditorHandle | null>,
) {
  const readOnly = useServerState(serverState, (state) => !can(state.access, 'edit'));
  useEffect(() => {
    editor.current?.setReadOnly(readOnly);
  }, [editor, readOnly]);
  return readOnly;
}
