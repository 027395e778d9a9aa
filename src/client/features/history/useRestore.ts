/**
 * Restoring a version from the editor: unsaved changes are saved first (so they become a version
 * too and nothing is lost), then the server makes the version current and the editor opens it.
 */
import { useCallback } from 'react';
import type { VersionSummary } from '@shared/versions';
import { useRestoreVersion } from '@/api/versions';
import type { DraftStore } from '@/diagram/draftStore';
import { isUnsaved } from '@/diagram/saving/serverState';
import type { DiagramHandle } from '@/diagram/saving/useDiagramHandle';

export type RestoreHandle = Pick<DiagramHandle, 'serverState' | 'saver' | 'open' | 'refused'>;

export function useRestore(handle: RestoreHandle, draft: DraftStore) {
  const mutation = useRestoreVersion();
  const { serverState, saver, open } = handle;

  const restore = useCallback(
    async (version: VersionSummary) => {
      await saver.settled();
      const state = serverState.get();
      if (isUnsaved(draft.get(), state.baseline) && (await saver.save()) === 'conflict') {
        throw new Error('The diagram was changed elsewhere; resolve that first.');
      }
      const diagram = await mutation.mutateAsync({ diagramId: state.id, versionId: version.id });
      open(diagram, serverState.get().access);
    },
    [serverState, saver, open, draft, mutation],
  );

  return { restore, pending: mutation.isPending };
}
