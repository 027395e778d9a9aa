/**
 * When a collaborator's access to the open diagram goes away (removed, or made a viewer), their
 * unsaved text is kept on this device and can be saved as a diagram of their own. Text kept for a
 * diagram they were removed from is offered again after a reload, since they cannot open it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Diagram, User } from '@shared/schemas';
import { TOAST_TEXT } from '@shared/messages';
import { normaliseTitle } from '@shared/title';
import { diagramsApi, diagramsQueryKey } from '@/api/diagrams';
import { readableError } from '@/api/http';
import { toast } from '@/components/ui/toast-store';
import { copyTitle } from './copyTitle';
import type { Draft, DraftStore } from '../draftStore';
import { SAVING_COPY } from './copy';
import { useServerState, type ServerStateStore, type LostAccess } from './serverState';
import { backupKey, clearBackup, removedBackups, type Backup } from './unsavedBackup';

export interface AccessLossNotice {
  reason: LostAccess;
  /** The diagram's title when the notice is about a diagram no longer open (after a reload). */
  title: string | null;
}

export function useAccessLoss(
  user: User,
  serverState: ServerStateStore,
  draft: DraftStore,
  open: (diagram: Diagram) => void,
) {
  const queryClient = useQueryClient();
  const lost = useServerState(serverState, (state) => state.lostAccess);
  const [kept, setKept] = useState<{ key: string; backup: Backup } | null>(
    () => removedBackups(user.id)[0] ?? null,
  );

  /** The text to save and the backup it lives in: the open diagram's, else one kept earlier. */
  const source = useCallback((): { key: string; text: Draft } | null => {
    const state = serverState.get();
    if (state.lostAccess) return { key: backupKey(user.id, state.id), text: draft.get() };
    return kept ? { key: kept.key, text: kept.backup } : null;
  }, [serverState, draft, kept, user.id]);

  const saveAsCopy = useCallback(async () => {
    const from = source();
    if (!from) return;
    try {
      const created = await diagramsApi.create({
        title: copyTitle(normaliseTitle(from.text.title)),
        content: from.text.content,
      });
      clearBackup(from.key);
      if (!serverState.get().lostAccess) setKept(null);
      void queryClient.invalidateQueries({ queryKey: diagramsQueryKey });
      toast({
        title: TOAST_TEXT.success,
        description: SAVING_COPY.pendingCopySaved(created.title),
      });
      open(created);
    } catch (error) {
      toast({
        title: TOAST_TEXT.error,
        description: `${TOAST_TEXT.saveFailed}: ${readableError(error)}`,
        variant: 'destructive',
      });
    }
  }, [source, serverState, queryClient, open]);

  const discardKept = useCallback(() => {
    if (kept) clearBackup(kept.key);
    setKept(null);
  }, [kept]);

  const notice: AccessLossNotice | null = lost
    ? { reason: lost, title: null }
    : kept
      ? { reason: 'removed', title: normaliseTitle(kept.backup.title) }
      : null;
  return { lost, notice, saveAsCopy, discardKept };
}
