/**
 * Spec §4 "On load", signed in: a copy saved before sign-in is created (and its key removed);
 * else a diagramId query parameter selects that diagram (then leaves the address); else the
 * first diagram in the list; else a new blank one.
 */
import { useEffect, useRef } from 'react';
import { STORAGE_KEYS } from '@shared/storage-keys';
import { TOAST_TEXT } from '@shared/messages';
import { diagramsApi } from '@/api/diagrams';
import { toast } from '@/components/ui/toast-store';
import { storage } from '@/lib/storage';
import { blankDraft, readStoredDraft } from '../draftStorage';
import { SAVING_COPY } from './copy';
import type { DiagramHandle } from './useDiagramHandle';

function takeDiagramIdParam(): number | null {
  const url = new URL(window.location.href);
  const raw = url.searchParams.get('diagramId');
  if (raw === null) return null;
  url.searchParams.delete('diagramId');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function useInitialDiagram(handle: DiagramHandle, onReady: () => void): void {
  const started = useRef(false);
  const { open, startNew } = handle;

  useEffect(() => {
    if (started.current) return; // once, even under StrictMode's double effects
    started.current = true;
    void (async () => {
      storage.remove(STORAGE_KEYS.authRedirectPath);
      const pending = readStoredDraft(STORAGE_KEYS.pendingDiagramSave);
      if (pending) {
        try {
          const created = await diagramsApi.create(pending);
          storage.remove(STORAGE_KEYS.pendingDiagramSave);
          toast({
            title: TOAST_TEXT.success,
            description: SAVING_COPY.pendingCopySaved(created.title),
          });
          open(created);
          return;
        } catch {
          toast({
            title: TOAST_TEXT.error,
            description: SAVING_COPY.pendingCopyFailed,
            variant: 'destructive',
          });
        }
      }
      const wanted = takeDiagramIdParam();
      if (wanted !== null) {
        try {
          const diagram = await diagramsApi.get(wanted);
          open(diagram, diagram.access);
          return;
        } catch {
          toast({
            title: TOAST_TEXT.error,
            description: TOAST_TEXT.diagramNotFound,
            variant: 'destructive',
          });
        }
      }
      try {
        const [first] = await diagramsApi.listSummaries();
        if (first) {
          const diagram = await diagramsApi.get(first.id);
          open(diagram, diagram.access);
          return;
        }
      } catch {
        /* the list is unavailable: start on a blank diagram; the backup guards what is typed */
      }
      startNew(blankDraft(), true);
    })().finally(onReady);
  }, [open, startNew, onReady]);
}
