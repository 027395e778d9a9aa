/**
 * Where live documents live in the database. Every accepted update is appended to
 * diagram_live_updates before it is acknowledged; a fold writes the document into
 * diagram_live_state and, through the diagram writer, the diagrams row (one transaction), and
 * drops the updates it holds.
 * Loading applies the stored state, then every update not folded in yet.
 */
import { and, asc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import * as Y from 'yjs';
import { LIVE_META, LIVE_TEXT } from '../../shared/live.js';
import { TITLE_MAX } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { diagramLiveState, diagramLiveUpdates, diagrams } from '../db/schema.js';
import type { SaveKind } from '../../shared/versions.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { applyTextDiff } from './text-diff.js';

/** Transaction origin of the server's own edits (REST writes, reconciling the row). */
export const SERVER_ORIGIN = 'rest';

export const liveText = (doc: Y.Doc) => doc.getText(LIVE_TEXT);
export const liveMeta = (doc: Y.Doc) => doc.getMap<unknown>(LIVE_META);

/** The title a live document holds: a non-empty string within the limit, else `fallback`. */
export function liveTitle<T extends string | null>(doc: Y.Doc, fallback: T): string | T {
  const title = liveMeta(doc).get('title');
  return typeof title === 'string' && title.trim() !== '' && title.length <= TITLE_MAX
    ? title
    : fallback;
}

/** A REST edit of a live document: its update, and the document's encoded size around it. */
export interface RestEdit {
  update: Uint8Array;
  /** Bytes of the document's encoded state before the edit, and once it is applied. */
  stateBytes: { before: number; after: number };
}

/**
 * The update that makes `doc` hold `content` and `title` (a minimal text diff, origin "rest"),
 * worked out on a copy so `doc` is untouched until the write it belongs to is committed. Null
 * when `doc` already holds both.
 */
export function restEdit(doc: Y.Doc, edit: { content?: string; title?: string }): RestEdit | null {
  // Only what differs from the document (undefined: leave as it is).
  const content = edit.content !== liveText(doc).toString() ? edit.content : undefined;
  const title = edit.title !== liveMeta(doc).get('title') ? edit.title : undefined;
  if (content === undefined && title === undefined) return null;
  const copy = new Y.Doc();
  const before = Y.encodeStateAsUpdate(doc);
  Y.applyUpdate(copy, before);
  copy.transact(() => {
    if (content !== undefined) applyTextDiff(liveText(copy), content, SERVER_ORIGIN);
    if (title !== undefined) liveMeta(copy).set('title', title);
  }, SERVER_ORIGIN);
  const update = Y.encodeStateAsUpdate(copy, Y.encodeStateVector(doc));
  const after = Y.encodeStateAsUpdate(copy).byteLength;
  copy.destroy();
  return { update, stateBytes: { before: before.byteLength, after } };
}

/** Appends an update to the log (in `db`, which may be a transaction). Answers its id. */
export async function appendUpdate(
  db: Db,
  diagramId: number,
  update: Uint8Array,
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(diagramLiveUpdates)
    .values({ diagramId, update, userId })
    .returning({ id: diagramLiveUpdates.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export interface FoldResult {
  updatedAt: Date;
  /** Whether the text or title changed (and so a version may have been recorded). */
  changed: boolean;
}

export function livePersistence(db: Db, writer: DiagramWriter) {
  /**
   * A diagram's first live document, from its row. Written before anyone edits it (edits refer
   * to its characters); when another instance seeded it first, theirs is taken instead.
   */
  async function seed(
    diagramId: number,
    pending: Y.Doc,
    row: { title: string; content: string },
  ): Promise<Y.Doc> {
    const doc = new Y.Doc();
    doc.transact(() => {
      liveText(doc).insert(0, row.content);
      liveMeta(doc).set('title', row.title);
    }, SERVER_ORIGIN);
    const inserted = await db
      .insert(diagramLiveState)
      .values({ diagramId, state: Y.encodeStateAsUpdate(doc) })
      .onConflictDoNothing()
      .returning({ diagramId: diagramLiveState.diagramId });
    if (inserted.length === 0) {
      const [theirs] = await db
        .select({ state: diagramLiveState.state })
        .from(diagramLiveState)
        .where(eq(diagramLiveState.diagramId, diagramId));
      doc.destroy();
      const taken = new Y.Doc();
      if (theirs) Y.applyUpdate(taken, theirs.state);
      Y.applyUpdate(taken, Y.encodeStateAsUpdate(pending));
      return taken;
    }
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(pending));
    return doc;
  }

  return {
    /** Appends an update; resolves once it is committed. Answers its id. */
    append(diagramId: number, update: Uint8Array, userId: number | null): Promise<number> {
      return appendUpdate(db, diagramId, update, userId);
    },

    /** Whether updates wait to be folded into the diagram (a process stopped before folding them). */
    async hasPending(diagramId: number): Promise<boolean> {
      const rows = await db
        .select({ id: diagramLiveUpdates.id })
        .from(diagramLiveUpdates)
        .where(eq(diagramLiveUpdates.diagramId, diagramId))
        .limit(1);
      return rows.length > 0;
    },

    /**
     * The live document of a diagram not in the trash (null: none), with the newest logged
     * update it replayed (0: none; a fold may drop up to it). A diagram without one starts
     * from its row; a row written outside live editing is merged in as one edit.
     */
    async load(diagramId: number): Promise<{ doc: Y.Doc; replayed: number } | null> {
      const [row] = await db
        .select({
          title: diagrams.title,
          content: diagrams.content,
          state: diagramLiveState.state,
        })
        .from(diagrams)
        .leftJoin(diagramLiveState, eq(diagramLiveState.diagramId, diagrams.id))
        .where(and(eq(diagrams.id, diagramId), isNull(diagrams.deletedAt)));
      if (!row) return null;
      const doc = new Y.Doc();
      if (row.state) Y.applyUpdate(doc, row.state);
      const pending = await db
        .select({ id: diagramLiveUpdates.id, update: diagramLiveUpdates.update })
        .from(diagramLiveUpdates)
        .where(eq(diagramLiveUpdates.diagramId, diagramId))
        .orderBy(asc(diagramLiveUpdates.id));
      const replayed = pending.at(-1)?.id ?? 0;
      for (const { update } of pending) {
        try {
          Y.applyUpdate(doc, update);
        } catch {
          // Updates are parsed before they are written; one that still fails is skipped.
        }
      }
      if (!row.state) return { doc: await seed(diagramId, doc, row), replayed };
      if (pending.length === 0) {
        // Nothing unfolded: the row is the newer truth where the two differ.
        applyTextDiff(liveText(doc), row.content, SERVER_ORIGIN);
        if (liveTitle(doc, row.title) !== row.title) {
          doc.transact(() => liveMeta(doc).set('title', row.title), SERVER_ORIGIN);
        }
      }
      return { doc, replayed };
    },

    /**
     * Writes the document into diagram_live_state and (through the diagram writer, which records
     * a version of `kind` when the text or title changed) the diagrams row, and drops the updates
     * up to `upToUpdateId`. Null when the diagram is gone or in the trash.
     */
    async fold(
      diagramId: number,
      doc: Y.Doc,
      options: { upToUpdateId: number; kind: SaveKind; savedBy: number | null; force?: boolean },
    ): Promise<FoldResult | null> {
      const state = Y.encodeStateAsUpdate(doc);
      const content = liveText(doc).toString();
      return db.transaction(async (tx) => {
        const stored = await writer.foldLive(
          tx,
          diagramId,
          { title: liveTitle(doc, null), content },
          {
            kind: options.kind,
            savedBy: options.savedBy,
            force: options.force,
            // Whose logged edits this fold takes in (on any instance, or before a restart).
            foldedAuthors: async () => {
              const folded = await tx
                .selectDistinctOn([diagramLiveUpdates.userId], {
                  userId: diagramLiveUpdates.userId,
                })
                .from(diagramLiveUpdates)
                .where(
                  and(
                    eq(diagramLiveUpdates.diagramId, diagramId),
                    lte(diagramLiveUpdates.id, options.upToUpdateId),
                    isNotNull(diagramLiveUpdates.userId),
                  ),
                );
              return folded.flatMap((row) => (row.userId === null ? [] : [row.userId]));
            },
          },
        );
        if (!stored) return null;
        await tx
          .insert(diagramLiveState)
          .values({ diagramId, state })
          .onConflictDoUpdate({
            target: diagramLiveState.diagramId,
            set: { state, updatedAt: sql`now()` },
          });
        if (options.upToUpdateId > 0) {
          await tx
            .delete(diagramLiveUpdates)
            .where(
              and(
                eq(diagramLiveUpdates.diagramId, diagramId),
                lte(diagramLiveUpdates.id, options.upToUpdateId),
              ),
            );
        }
        return stored;
      });
    },
  };
}

export type LivePersistence = ReturnType<typeof livePersistence>;
