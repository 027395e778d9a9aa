/**
 * The signed-in editor's handle on the open diagram's server side: which diagram is open, saving
 * by hand and automatically, lost-update conflicts, and unsaved text offered back after a reload.
 * Features that act on the open diagram (share, history, the sidebar) are given this handle.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Diagram, DiagramAccess, User } from '@shared/schemas';
import { can } from '@shared/policy/can';
import { diagramsApi, diagramsQueryKey } from '@/api/diagrams';
import { toast } from '@/components/ui/toast-store';
import type { Draft, DraftStore } from '../draftStore';
import { SAVING_COPY } from './copy';
import {
  createServerStateStore,
  serverStateOf,
  isUnsaved,
  newServerState,
  type LostAccess,
  type ServerStateStore,
} from './serverState';
import { markAccessLost, noticeRefusal } from './accessLost';
import { startAutoSave } from './autoSave';
import { createSaver } from './saver';
import {
  toastAccessLost,
  toastAutoSaved,
  toastAutoSaveFailed,
  toastSaved,
  toastSaveFailed,
} from './saveToasts';
import type { ResyncReason } from './copy';
import {
  backupKey,
  backupToOffer,
  clearBackup,
  refusedKey,
  writeBackup,
  type Backup,
} from './unsavedBackup';
import { useAutoSaveSetting } from './useAutoSaveSetting';
import { useBackupWriter } from './useBackupWriter';

/** How a lost-update conflict is settled: neither text is lost without the user's say. */
export type ConflictChoice = 'keep-server' | 'overwrite' | 'keep-both';

export interface DiagramHandleOptions {
  user: User;
  draft: DraftStore;
  /** Puts a title and text into the open diagram as a minimal change. */
  applyDraft: (draft: Draft) => void;
  /** Opens other text as a fresh document (another diagram, a new one). */
  openDraft: (draft: Draft) => void;
}

export function useDiagramHandle({ user, draft, applyDraft, openDraft }: DiagramHandleOptions) {
  const queryClient = useQueryClient();
  const [serverState] = useState(() => createServerStateStore(newServerState(draft.get())));
  const [saver] = useState(() => createSaver(draft, serverState, diagramsApi));
  const [autoSaveOn, setAutoSaveOn] = useAutoSaveSetting();
  const autoSaveRef = useRef(autoSaveOn);
  useEffect(() => {
    autoSaveRef.current = autoSaveOn;
  }, [autoSaveOn]);
  const [offer, setOffer] = useState<{ key: string; backup: Backup } | null>(null);
  const refetchList = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: diagramsQueryKey }),
    [queryClient],
  );

  useBackupWriter(user.id, draft, serverState);
  useEffect(
    () =>
      startAutoSave({
        draft,
        serverState,
        saver,
        enabled: () => autoSaveRef.current,
        onResult: (result) => {
          if ('error' in result) return toastAutoSaveFailed(result.error);
          if (result.outcome === 'access-lost') return notifyAccessLost(serverState);
          if (result.outcome === 'saved') {
            toastAutoSaved();
            refetchList();
          }
        },
      }),
    [draft, serverState, saver, refetchList],
  );

  const open = useCallback(
    (diagram: Diagram, access: DiagramAccess = 'owner') => {
      // The same diagram again (a restored version): a minimal change of the live document.
      const same = serverState.get().id === diagram.id;
      serverState.set({
        ...serverStateOf(diagram, access),
        live: same ? serverState.get().live : 'off',
      });
      const server = { title: diagram.title, content: diagram.content };
      const key = backupKey(user.id, diagram.id);
      const refused = refusedKey(user.id, diagram.id);
      const backup = backupToOffer(key, server);
      const kept = backup ? null : backupToOffer(refused, server);
      setOffer(backup ? { key, backup } : kept ? { key: refused, backup: kept } : null);
      (same ? applyDraft : openDraft)({ title: diagram.title, content: diagram.content });
    },
    [serverState, user.id, applyDraft, openDraft],
  );

  /** A new, not yet saved diagram (id 0); `offerBackup` offers an earlier unsaved new one. */
  const startNew = useCallback(
    (next: Draft, offerBackup = false) => {
      serverState.set(newServerState(next));
      const key = backupKey(user.id, 0);
      const backup = offerBackup ? backupToOffer(key, next) : null;
      if (!offerBackup) clearBackup(key);
      setOffer(backup ? { key, backup } : null);
      openDraft(next);
    },
    [serverState, user.id, openDraft],
  );

  const save = useCallback(async () => {
    try {
      const outcome = await saver.save();
      // Refused: the banner offering the text back says what happened.
      if (outcome === 'conflict' || outcome === 'refused') return;
      if (outcome === 'access-lost') return notifyAccessLost(serverState);
      toastSaved();
      refetchList();
    } catch (error) {
      toastSaveFailed(error);
    }
  }, [saver, serverState, refetchList]);

  /** Spec §4: selecting another diagram first saves unsaved changes silently. */
  const select = useCallback(
    async (id: number) => {
      const state = serverState.get();
      if (state.id !== 0 && can(state.access, 'edit') && isUnsaved(draft.get(), state.baseline)) {
        await saver.save().catch(() => undefined); // the backup keeps the text if this fails
      }
      const opened = await diagramsApi.get(id);
      open(opened, opened.access);
    },
    [serverState, draft, saver, open],
  );

  const resolveConflict = useCallback(
    async (choice: ConflictChoice) => {
      const server = serverState.get().conflict;
      if (!server) return;
      if (choice === 'keep-server') return open(server, serverState.get().access);
      if (choice === 'overwrite') {
        serverState.update({ updatedAt: server.updatedAt, conflict: null, status: 'idle' });
        return save();
      }
      const mine = draft.get();
      try {
        const copy = await diagramsApi.create({
          title: `${mine.title}${SAVING_COPY.copySuffix}`.slice(0, 200),
          content: mine.content,
        });
        refetchList();
        open(copy);
        toast({ title: SAVING_COPY.pendingCopySaved(copy.title) });
      } catch (error) {
        toastSaveFailed(error);
      }
    },
    [serverState, draft, open, save, refetchList],
  );

  const restoreBackup = useCallback(() => {
    if (!offer) return;
    applyDraft({ title: offer.backup.title, content: offer.backup.content });
    // Back in the editor, the running backup keeps it from here.
    if (offer.backup.refused) clearBackup(offer.key);
    setOffer(null);
  }, [offer, applyDraft]);

  /**
   * The server refused this editor's text and the editor took the server's again: the user's text
   * is kept on this device and offered back, with what happened and what to do.
   */
  const keepRefused = useCallback(
    (kept: Draft, reason: ResyncReason) => {
      const state = serverState.get();
      const key = refusedKey(user.id, state.id);
      const backup: Backup = {
        ...kept,
        baseUpdatedAt: state.updatedAt,
        at: Date.now(),
        refused: reason,
      };
      writeBackup(key, backup);
      setOffer({ key, backup });
    },
    [serverState, user.id],
  );

  const discardBackup = useCallback(() => {
    if (offer) clearBackup(offer.key);
    setOffer(null);
  }, [offer]);

  /** A history or share call refused: when access is gone, the editor turns read-only and says so. */
  const refused = useCallback((error: unknown) => noticeRefusal(serverState, error), [serverState]);
  const accessLost = useCallback(
    (lost: LostAccess) => markAccessLost(serverState, lost),
    [serverState],
  );

  return {
    serverState,
    saver,
    open,
    refused,
    accessLost,
    startNew,
    save,
    select,
    resolveConflict,
    autoSaveOn,
    setAutoSaveOn,
    refetchList,
    backupOffer: offer?.backup ?? null,
    restoreBackup,
    discardBackup,
    keepRefused,
  };
}

export type DiagramHandle = ReturnType<typeof useDiagramHandle>;

function notifyAccessLost(serverState: ServerStateStore): void {
  const lost = serverState.get().lostAccess;
  if (lost) toastAccessLost(lost);
}
