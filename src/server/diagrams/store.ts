/**
 * Diagram queries. Every function takes the acting user and scopes by owner, so another user's
 * id behaves exactly like a missing one.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Diagram } from '../../shared/schemas.js';
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

    async get(userId: number, id: number): Promise<Diagram | null> {
      const [row] = await db.select().from(diagrams).where(owned(userId, id));
      return row ? toDiagramDto(row) : null;
    },

    async update(userId: number, id: number, patch: DiagramPatch): Promise<Diagram | null> {
      const [row] = await db
        .update(diagrams)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(owned(userId, id))
        .returning();
      return row ? toDiagramDto(row) : null;
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
