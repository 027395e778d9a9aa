import { useSyncExternalStore } from 'react';
import type { Diagram, DiagramAccess } from '@shared/schemas';
import { normaliseTitle } from '@shared/title';
import type { Draft } from '../draftStore';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error' | 'conflict';
/** Why a collaborator's edits stopped reaching the server: removed, or now only a viewer. */
export type LostAccess = 'removed' | 'viewer';

/** What the server holds of the open diagram (its server state), and where saving stands. */
export interface ServerState {
  /** 0 until the diagram is first saved (spec §3's blank diagram). */
  id: number;
  updatedAt: string | null;
  access: DiagramAccess;
  isPublic: boolean;
  shareToken: string | null;
  folderId: number | null;
  /** The title and text the server acknowledged last; the draft differs when unsaved. */
  baseline: Draft;
  status: SaveStatus;
  /** The server's version when a save was refused as a lost update. */
  conflict: Diagram | null;
  /** Set when the server says this collaborator may no longer edit (the editor turns read-only). */
  lostAccess: LostAccess | null;
  /**
   * What this screen's saves over HTTP made of the live document (Yjs updates, base64, as
   * answered), until the editor joins it: its live copy must hold them first (savesBeforeJoin).
   */
  savedEdits: readonly string[];
  /** The live connection: 'off' until it first holds the server's copy, then online or offline. */
  live: 'off' | 'online' | 'offline';
}

export function serverStateOf(diagram: Diagram, access: DiagramAccess = 'owner'): ServerState {
  return {
    id: diagram.id,
    updatedAt: diagram.updatedAt,
    access,
    isPublic: diagram.isPublic,
    shareToken: diagram.shareToken,
    folderId: diagram.folderId,
    baseline: { title: diagram.title, content: diagram.content },
    status: 'idle',
    conflict: null,
    lostAccess: null,
    savedEdits: [],
    live: 'off',
  };
}

export function newServerState(draft: Draft): ServerState {
  return {
    id: 0,
    updatedAt: null,
    access: 'owner',
    isPublic: false,
    shareToken: null,
    folderId: null,
    baseline: draft,
    status: 'idle',
    conflict: null,
    lostAccess: null,
    savedEdits: [],
    live: 'off',
  };
}

export function createServerStateStore(initial: ServerState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): ServerState => state,
    set(next: ServerState) {
      state = next;
      listeners.forEach((listener) => listener());
    },
    update(patch: Partial<ServerState>) {
      this.set({ ...state, ...patch });
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ServerStateStore = ReturnType<typeof createServerStateStore>;

/**
 * The server changed the open diagram's own fields (sharing, folder) and answered the row: its
 * `updatedAt` becomes the base of the next save. Nothing changes if another diagram is open now.
 */
export function adoptServerFields(
  store: ServerStateStore,
  diagram: Pick<Diagram, 'id' | 'updatedAt' | 'isPublic' | 'shareToken' | 'folderId'>,
): void {
  if (store.get().id !== diagram.id) return;
  store.update({
    updatedAt: diagram.updatedAt,
    isPublic: diagram.isPublic,
    shareToken: diagram.shareToken,
    folderId: diagram.folderId,
  });
}

export function useServerState<T>(store: ServerStateStore, select: (state: ServerState) => T): T {
  const read = () => select(store.get());
  return useSyncExternalStore(store.subscribe, read, read);
}

/** Spec §4: any change to content or title marks the diagram unsaved. */
export function isUnsaved(draft: Draft, baseline: Draft): boolean {
  return normaliseTitle(draft.title) !== baseline.title || draft.content !== baseline.content;
}
