/**
 * Opening a diagram by id, from the sidebar or the quick switcher: nothing happens when it is
 * already open, and one that cannot be loaded says so in a toast.
 */
import { useCallback } from 'react';
import { TOAST_TEXT } from '@shared/messages';
import { toast } from '@/components/ui/toast-store';
import type { DocumentSession } from './useDocumentSession';

export function useOpenDiagram({ doc, select }: Pick<DocumentSession, 'doc' | 'select'>) {
  return useCallback(
    (id: number) => {
      if (doc.get().id === id) return;
      select(id).catch(() =>
        toast({
          title: TOAST_TEXT.error,
          description: TOAST_TEXT.diagramNotFound,
          variant: 'destructive',
        }),
      );
    },
    [doc, select],
  );
}
