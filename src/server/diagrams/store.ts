/**
 * Diagram queries. Every function takes the acting user and scopes by owner, so another user's
 * id behaves exactly like a missing one.
 */
import { and, desc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import type { Diagram, DiagramSummary } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { diagrams } from '../db/schema.js';

type DiagramRow = typeof diagrams.$inferSelect;

export function toDiagramDto(row: DiagramRow): Diagram {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    content: row.content,
    isPublic: row.isPublic,
    shareToken: row.shareToken,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    folderId: row.folderId,
    position: row.position,
  };
}

export interface NewDiagram {
  title: string;
  content: string;
  folderId?: number | null;
}

export interface DiagramPatch {
  title?: string;
  content?: string;
  isPublic?: boolean;
  folderId?: number | null;
}

export type UpdateResult =
  | { status: 'updated'; diagram: Diagram }
  | { status: 'missing' }
  /** The stored row changed after `expectedUpdatedAt`; it is returned untouched. */
  | { status: 'conflict'; diagram: Diagram };

export function diagramsStore(db: Db) {
  const owned = (userId: number, id: number) =>
    and(eq(diagrams.id, id), eq(diagrams.userId, userId));

  return {
    async create(userId: number, input: NewDiagram): Promise<Diagram> {
      const [row] = await db
        .insert(diagrams)
        .values({ userId, title: input.title, content: input.content, folderId: input.folderId })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toDiagramDto(row);
    },

    async list(userId: number): Promise<Diagram[]> {
      const rows = await db
        .select()
        .from(diagrams)
        .where(eq(diagrams.userId, userId))
        .orderBy(desc(diagrams.updatedAt), desc(diagrams.id));
      return rows.map(toDiagramDto);
    },

    /** The list without each diagram's text: what the sidebar needs, at any number of diagrams. */
    async listSummaries(userId: number): Promise<DiagramSummary[]> {
      const { content: _content, ...columns } = getTableColumns(diagrams);
      const rows = await db
        .select(columns)
        .from(diagrams)
        .where(eq(diagrams.userId, userId))
        .orderBy(desc(diagrams.updatedAt), desc(diagrams.id));
      return rows.map((row) => {
        const { content: _unused, ...summary } = toDiagramDto({ ...row, content: '' });
        return summary;
      });
    },

    async get(userId: number, id: number): Promise<Diagram | null> {
      const [row] = await db.select().from(diagrams).where(owned(userId, id));
      return row ? toDiagramDto(row) : null;
    },

    async update(userId: number, id: number, patch: DiagramPatch): Promise<Diagram | null> {
      const result = await this.updateIfUnchanged(userId, id, patch, null);
      return result.status === 'updated' ? result.diagram : null;
    },

    /**
     * Applies the patch only if the row was not changed after `expectedUpdatedAt` (one statement,
     * so two writers cannot both pass the check). Null skips the check.
     */
    async updateIfUnchanged(
      userId: number,
      id: number,
      patch: DiagramPatch,
      expectedUpdatedAt: Date | null,
    ): Promise<UpdateResult> {
      const guard = expectedUpdatedAt
        ? and(owned(userId, id), lte(diagrams.updatedAt, expectedUpdatedAt))
        : owned(userId, id);
      // clock_timestamp(), not now(): two updates in one transaction still get distinct times.
      const [row] = await db
        .update(diagrams)
        .set({
          ...patch,
          updatedAt: sql`greatest(clock_timestamp(), ${diagrams.updatedAt} + interval '1 millisecond')`,
        })
        .where(guard)
        .returning();
      if (row) return { status: 'updated', diagram: toDiagramDto(row) };
      const current = await this.get(userId, id);
      return current ? { status: 'conflict', diagram: current } : { status: 'missing' };
    },

    async remove(userId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(diagrams)
        .where(owned(userId, id))
        .returning({ id: diagrams.id });
      return rows.length > 0;
    },
  };
}
