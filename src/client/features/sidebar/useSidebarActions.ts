/**
 * What the sidebar does to diagrams, with the toasts of spec §8 and the open diagram kept right:
 * deleting it starts a blank new diagram (spec §4); moving it takes the server's new updatedAt,
 * so its next save is not refused as a lost update.
 */
import { useCallback } from 'react';
import type { DiagramSummary } from '@shared/schemas';
import { useDeleteDiagram, useMoveDiagram } from '@/api/diagrams';
import { toast } from '@/components/ui/toast-store';
import { blankDraft } from '@/diagram/draftStorage';
import { adoptServerFields } from '@/diagram/saving/serverState';
import type { DiagramHandle } from '@/diagram/saving/useDiagramHandle';
import { useSwitchToDiagram } from '@/diagram/saving/useSwitchToDiagram';
import { SIDEBAR_TEXT } from './copy';
import type { DropTarget } from './tree';

/** What the sidebar uses of the open diagram's handle. */
export type SidebarHandle = Pick<DiagramHandle, 'serverState' | 'saver' | 'select' | 'startNew'>;

export function useSidebarActions(handle: SidebarHandle, onMovedInto: (folderId: number) => void) {
  const { serverState, saver, startNew } = handle;
  const move = useMoveDiagram();
  const remove = useDeleteDiagram();

  const open = useSwitchToDiagram(handle);

  const moveTo = useCallback(
    async (diagram: DiagramSummary, folderId: DropTarget) => {
      const isOpen = serverState.get().id === diagram.id;
      try {
        if (isOpen) await saver.settled(); // a save in flight would otherwise race the move
        const moved = await move.mutateAsync({ id: diagram.id, folderId });
        adoptServerFields(serverState, moved);
        if (folderId !== null) onMovedInto(folderId);
        toast({ title: SIDEBAR_TEXT.moved });
      } catch {
        toast({ title: SIDEBAR_TEXT.moveFailed, variant: 'destructive' });
      }
    },
    [serverState, saver, move, onMovedInto],
  );

  const deleteDiagram = useCallback(
    async (id: number, title: string) => {
      try {
        await remove.mutateAsync(id);
        if (serverState.get().id === id) startNew(blankDraft());
        toast({ title: SIDEBAR_TEXT.deleted(title) });
      } catch {
        toast({ title: SIDEBAR_TEXT.deleteFailed, variant: 'destructive' });
      }
    },
    [serverState, remove, startNew],
  );

  return { open, moveTo, deleteDiagram };
}
