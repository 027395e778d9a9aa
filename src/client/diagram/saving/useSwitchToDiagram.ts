/**
 * Switching the open diagram to another one by id, from the sidebar, the quick switcher or a
 * trace import: nothing happens when it is already open, and one that cannot be loaded says so
 * in a toast.
 */
import { useCallback } from 'react';
import { TOAST_TEXT } from '@shared/messages';
import { toast } from '@/components/ui/toast-store';
import type { DiagramHandle } from './useDiagramHandle';

export function useSwitchToDiagram({
  serverState,
  select,
}: Pick<DiagramHandle, 'serverState' | 'select'>) {
  return useCallback(
    (id: number) => {
      if (serverState.get().id === id) return;
      select(id).catch(() =>
        toast({
          title: TOAST_TEXT.error,
          description: TOAST_TEXT.diagramNotFound,
          variant: 'destructive',
        }),
      );
    },
    [serverState, select],
  );
}
