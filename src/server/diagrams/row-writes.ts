/**
 * The writes of a diagram's row that need no live document: creating, importing, a live
 * document's fold (in its own transaction), trashing and untrashing. Part of the one writer:
 * call them through diagrams/writer.ts (the lint rule allows row writes in these two files only).
 */
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Diagram, DiagramSummary } from '../../shared/schemas.js';
import type { SaveKind } from '../../shared/versions.js';
import { moveCommentAnchors } from '../comments/store.js';
import type { Db } from '../db/client.js';
import { diagrams, diagramVersions } from '../db/schema.js';
import { expiredInTrash, mayDo, notDeleted, trashedBy, type Actor } from './access.js';
import { creditLater, recordVersion } from './record-version.js';
import { toDiagramDto, toSummary, type NewDiagram } from './store.js';

/** The one `updatedAt` of a write: strictly later than the last, even within one millisecond. */
export const NEXT_UPDATED_AT = sql`greatest(clock_timestamp(), ${diagrams.updatedAt} + interval '1 millisecond')`;

/** 192 random bits, URL-safe: unguessable share links. */
export const newShareToken = () => randomBytes(24).toString('base64url');

/** A diagram written by an import (its first version is recorded with it). */
export type ImportedDiagram = Pick<
  typeof diagrams.$inferInsert,
  'title' | 'content' | 'folderId' | 'position' | 'createdAt' | 'updatedAt'
> & { title: string; content: string };

const { content: _content, ...summaryColumns } = getTableColumns(diagrams);

/** Creates the diagram and its first version in one transaction. */
export async function createDiagram(db: Db, actor: Actor, input: NewDiagram): Promise<Diagram> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(diagrams)
      .values({
        userId: actor.id,
        title: input.title,
        content: input.content,
        folderId: input.folderId,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordVersion(tx, {
      diagramId: row.id,
      title: row.title,
      content: row.content,
      savedBy: actor.id,
      kind: 'created',
      authors: [actor.id],
    });
    return toDiagramDto(row);
  });
}

/** Inserts imported diagrams, each with its first version, in the import's transaction. */
export async function insertImported(
  tx: Db,
  actor: Actor,
  batch: ImportedDiagram[],
): Promise<DiagramSummary[]> {
  const rows = batch.map((diagram) => ({ ...diagram, userId: actor.id }));
  const inserted = await tx.insert(diagrams).values(rows).returning(summaryColumns);
  // Each imported diagram starts its history, as one made in the editor does.
  await tx.insert(diagramVersions).values(
    inserted.map((row, i) => ({
      diagramId: row.id,
      title: batch[i]!.title,
      content: batch[i]!.content,
      savedBy: actor.id,
      kind: 'created' as const,
    })),
  );
  return inserted.map(toSummary);
}

/**
 * A live document's fold, in its transaction (which also keeps the Yjs state and drops the
 * folded log): writes the document's title (null: keep the row's) and text into the row when
 * they changed, or when `force` (an explicit Save), recording a version credited to the
 * authors of the folded edits; else credits them to the next version. Null when the diagram
 * is gone or in the trash.
 */
export async function foldLive(
  tx: Db,
  diagramId: number,
  held: { title: string | null; content: string },
  options: {
    kind: SaveKind;
    savedBy: number | null;
    force?: boolean;
    /** Whose logged edits the fold takes in, read once the row is locked. */
    foldedAuthors: () => Promise<number[]>;
  },
): Promise<{ updatedAt: Date; changed: boolean } | null> {
  const [current] = await tx
    .select({ title: diagrams.title, content: diagrams.content, updatedAt: diagrams.updatedAt })
    .from(diagrams)
    .where(and(eq(diagrams.id, diagramId), notDeleted))
    .for('update');
  if (!current) return null;
  const title = held.title ?? current.title;
  const { content } = held;
  const changed = current.title !== title || current.content !== content;
  const authors = await options.foldedAuthors();
  if (!changed && !options.force) {
    await creditLater(tx, diagramId, authors);
    return { updatedAt: current.updatedAt, changed };
  }
  const [row] = await tx
    .update(diagrams)
    .set({ title, content, updatedAt: NEXT_UPDATED_AT })
    .where(eq(diagrams.id, diagramId))
    .returning({ updatedAt: diagrams.updatedAt });
  await moveCommentAnchors(tx, diagramId, current.content, content);
  const { kind, savedBy } = options;
  await recordVersion(tx, { diagramId, title, content, savedBy, kind, authors });
  return { updatedAt: row?.updatedAt ?? current.updatedAt, changed };
}

/** Moves the diagram to the trash (the owner only); trash/ handles the rest of its life. */
export async function trashDiagram(db: Db, actor: Actor, id: number): Promise<boolean> {
  const rows = await db
    .update(diagrams)
    .set({ deletedAt: sql`clock_timestamp()` })
    .where(and(eq(diagrams.id, id), mayDo(actor, 'delete')))
    .returning({ id: diagrams.id });
  return rows.length > 0;
}

/**
 * Takes the diagram out of the trash unless it expired. Its folder is kept when it still
 * exists: deleting a folder sets its diagrams' folderId to null (foreign key), trashed ones too.
 */
export async function untrashDiagram(db: Db, actor: Actor, id: number): Promise<Diagram | null> {
  const [row] = await db
    .update(diagrams)
    .set({ deletedAt: null })
    .where(and(eq(diagrams.id, id), trashedBy(actor), sql`not ${expiredInTrash}`))
    .returning();
  return row ? toDiagramDto(row) : null;
}
