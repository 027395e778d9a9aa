/**
 * Saves the open diagram: creates it the first time, then updates it with the `updatedAt` it was
 * based on, so the server can refuse a lost update (409). Saves run one at a time, each sending
 * the text as it is when it starts.
 */
import type { CreateDiagramBody, Diagram, SavedDiagram, UpdateDiagramBody } from '@shared/schemas';
import { normaliseTitle } from '@shared/title';
import type { ClientSaveKind } from '@shared/versions';
import { HttpError } from '@/api/http';
import type { DraftStore } from '../draftStore';
import { lostAccess } from './accessLost';
import { isUnsaved, type ServerStateStore } from './serverState';

export interface SaverApi {
  create(body: CreateDiagramBody): Promise<Diagram>;
  update(id: number, body: UpdateDiagramBody): Promise<SavedDiagram>;
}

/** `refused`: the live server refused the text; the editor took the server's again. */
export type SaveOutcome = 'saved' | 'unchanged' | 'conflict' | 'access-lost' | 'refused';
export type SaveKind = ClientSaveKind;

/** Saving through the live connection instead of REST (while one holds the diagram). */
export interface LiveSaver {
  active(): boolean;
  save(kind: SaveKind): Promise<SaveOutcome>;
}

/**
 * The saved edits kept for the live copy to hold before it joins (serverState `savedEdits`). Only
 * the latest can be missing from it: a live copy syncing after a save was answered gets the
 * server's document with that edit in it. Without a live connection they would pile up all day.
 */
const SAVED_EDITS_KEPT = 20;

export function createSaver(draft: DraftStore, serverState: ServerStateStore, api: SaverApi) {
  let queue: Promise<unknown> = Promise.resolve();
  let live: LiveSaver | null = null;
  /** Saves queued or running. */
  let pending = 0;

  async function run(force: boolean, kind: SaveKind): Promise<SaveOutcome> {
    if (live?.active()) return live.save(kind);
    const snapshot = { ...draft.get(), title: normaliseTitle(draft.get().title) };
    const state = serverState.get();
    if (state.id !== 0 && !force && !isUnsaved(snapshot, state.baseline)) return 'unchanged';
    serverState.update({ status: 'saving' });
    try {
      const saved: SavedDiagram =
        state.id === 0
          ? await api.create({ title: snapshot.title, content: snapshot.content })
          : await api.update(state.id, {
              title: snapshot.title,
              content: snapshot.content,
              saveKind: kind,
              ...(state.updatedAt ? { updatedAt: state.updatedAt } : {}),
            });
      serverState.update({
        id: saved.id,
        updatedAt: saved.updatedAt,
        isPublic: saved.isPublic,
        shareToken: saved.shareToken,
        folderId: saved.folderId,
        baseline: { title: saved.title, content: snapshot.content },
        status: 'saved',
        conflict: null,
        ...(saved.liveUpdate && serverState.get().id === saved.id
          ? {
              savedEdits: [...serverState.get().savedEdits, saved.liveUpdate].slice(
                -SAVED_EDITS_KEPT,
              ),
            }
          : {}),
      });
      return 'saved';
    } catch (error) {
      const server =
        error instanceof HttpError && error.status === 409 ? conflictDiagram(error) : null;
      if (server) {
        serverState.update({ status: 'conflict', conflict: server });
        return 'conflict';
      }
      const lost = state.id !== 0 ? lostAccess(error, state.access) : null;
      if (lost) {
        // Read-only from now on; the unsaved text stays in the draft and its backup.
        serverState.update({ status: 'error', access: 'viewer', lostAccess: lost });
        return 'access-lost';
      }
      serverState.update({ status: 'error' });
      throw error;
    }
  }

  return {
    /**
     * Queues a save; `force` saves even when nothing changed (e.g. to confirm an overwrite).
     * `kind` 'auto' lets the server keep a version at most every five minutes.
     */
    save(force = false, kind: SaveKind = 'manual'): Promise<SaveOutcome> {
      pending += 1;
      const next = queue.then(
        () => run(force, kind),
        () => run(force, kind),
      );
      queue = next.catch(() => undefined).finally(() => (pending -= 1));
      return next;
    },
    /** Waits for any save in flight. */
    settled: (): Promise<unknown> => queue,
    /** Whether a save is queued or running. */
    saving: (): boolean => pending > 0,
    /** Live co-editing: saves go over the live connection while `active()` says so. */
    useLive(next: LiveSaver | null): void {
      live = next;
    },
  };
}

export type Saver = ReturnType<typeof createSaver>;

function conflictDiagram(error: HttpError): Diagram | null {
  const body = error.body as { diagram?: Diagram } | null;
  return body?.diagram && typeof body.diagram.id === 'number' ? body.diagram : null;
}
