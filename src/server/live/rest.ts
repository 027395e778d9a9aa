/**
 * The REST API on live documents: a read first stores what the open live document holds (so
 * GET returns the live text), and a change of title or content is one edit of the live document
 * (a minimal text diff, origin "rest") that open editors receive at once. Stale `updatedAt` and
 * the caller's rights are checked through the diagram store, exactly as before live editing, in
 * the one transaction that writes the row and logs the edit.
 */
import * as Y from 'yjs';
import { diagramDocName } from '../../shared/live.js';
import type { OpenedDiagram } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import {
  diagramsStore,
  type DiagramPatch,
  type SaveKind,
  type UpdateResult,
} from '../diagrams/store.js';
import { appendUpdate, restEdit, SERVER_ORIGIN } from './persistence.js';
import type { LiveContext, LiveServer } from './server.js';

export function liveRest(db: Db, live: LiveServer) {
  const diagrams = diagramsStore(db);
  // One text write per diagram at a time on this instance: the stale check and the edit it
  // guards land together, so a racing PUT's 409 carries the winner's text.
  const writes = new Map<number, Promise<unknown>>();
  function oneAtATime<T>(id: number, write: () => Promise<T>): Promise<T> {
    const previous = writes.get(id) ?? Promise.resolve();
    const next = previous.then(write, write);
    const settled = next.catch(() => undefined);
    writes.set(id, settled);
    void settled.then(() => {
      if (writes.get(id) === settled) writes.delete(id);
    });
    return next;
  }

  /** Makes the diagrams row hold everything this instance's live document (or the log) holds. */
  async function settle(id: number): Promise<void> {
    const name = diagramDocName(id);
    if (live.instance.documents.has(name)) return live.storeNow(name);
    if (!(await live.persistence.hasPending(id))) return;
    const context: LiveContext = { user: null, sessionHash: null, diagramId: id };
    const connection = await live.instance.openDirectConnection(name, context);
    await connection.disconnect();
  }

  return {
    /** The diagram as the caller may see it, with the live text. */
    async open(actor: Actor, id: number): Promise<OpenedDiagram | null> {
      await settle(id);
      return diagrams.open(actor, id);
    },

    /** PUT: owner-only fields and the stale check through the store, text through the live doc. */
    async update(
      actor: Actor,
      id: number,
      patch: DiagramPatch,
      expectedUpdatedAt: Date | null,
      kind: SaveKind = 'manual',
    ): Promise<UpdateResult> {
      const { title, content } = patch;
      if (title === undefined && content === undefined) {
        return diagrams.updateIfUnchanged(actor, id, patch, expectedUpdatedAt, kind);
      }
      return oneAtATime(id, async (): Promise<UpdateResult> => {
        const current = await diagrams.open(actor, id);
        if (!current) return { status: 'missing' };
        if (current.access === 'viewer') return { status: 'forbidden', access: 'viewer' };
        const context: LiveContext = {
          user: actor,
          sessionHash: null,
          diagramId: id,
          role: current.access,
          saveKind: kind,
        };
        const name = diagramDocName(id);
        const connection = await live.instance.openDirectConnection(name, context);
        try {
          await live.storeNow(name);
          const doc = connection.document;
          if (!doc) throw new Error(`live document ${name} closed while in use`);
          // The edit is logged in the transaction that checks updatedAt and writes the row, so
          // whatever a crash leaves is either the row before or the acknowledged one; the store
          // after it finds the row already holding the text and writes nothing more.
          const update = restEdit(doc, { content, title });
          let logId = 0;
          const written = await diagrams.updateIfUnchanged(
            actor,
            id,
            patch,
            expectedUpdatedAt,
            kind,
            async (tx) => {
              if (update) logId = await appendUpdate(tx, id, update, null);
            },
          );
          if (written.status === 'updated' && update) {
            await connection.transact((document) => {
              Y.applyUpdate(document, update, SERVER_ORIGIN);
              live.noteApplied(name, logId);
            });
          }
          // The row as this write committed it: its updatedAt is the one a crash keeps.
          return written;
        } finally {
          await connection.disconnect();
        }
      });
    },
  };
}

export type LiveRest = ReturnType<typeof liveRest>;
