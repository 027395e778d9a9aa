import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Diagram } from '@shared/schemas';
import { TOAST_TEXT } from '@shared/messages';
import { normaliseTitle } from '@shared/title';
import { diagramsApi, diagramsQueryKey } from '@/api/diagrams';
import { readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import type { Draft } from '../draftStore';
import { SAVING_COPY } from './copy';
import { copyTitle } from './copyTitle';

/**
 * Signed in, saving someone else's diagram (a viewer's, or one opened by link) makes the caller's
 * own copy titled 'Copy of {title}' (spec §4); `onCreated` opens it.
 */
export function useSaveCopy(onCreated: (diagram: Diagram) => void) {
  const queryClient = useQueryClient();
  return useCallback(
    async (draft: Draft) => {
      try {
        const created = await diagramsApi.create({
          title: copyTitle(normaliseTitle(draft.title)),
          content: draft.content,
        });
        void queryClient.invalidateQueries({ queryKey: diagramsQueryKey });
        toast({
          title: TOAST_TEXT.success,
          description: SAVING_COPY.pendingCopySaved(created.title),
        });
        onCreated(created);
      } catch (error) {
        toast({
          title: TOAST_TEXT.error,
          description: `${TOAST_TEXT.saveFailed}: ${readableError(error)}`,
          variant: 'destructive',
        });
      }
    },
    [queryClient, onCreated],
  );
}
