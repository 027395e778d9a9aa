/**
 * Reading diagrams. Every function takes the acting user and builds its condition from
 * access.ts, so another user's id behaves exactly like a missing one. Writes are writer.ts.
 */
import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Diagram, DiagramSummary, OpenedDiagram } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { diagrams } from '../db/schema.js';
import { accessOf, notDeleted, ownedBy, readableBy, type Actor } from './access.js';

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

export function toSummary(row: Omit<DiagramRow, 'content'>): DiagramSummary {
  const { content: _content, ...summary } = toDiagramDto({ ...row, content: '' });
  return summary;
}

export interface NewDiagram {
  title: string;
  content: string;
  folderId?: number | null;
}

const { content: _content, ...summaryColumns } = getTableColumns(diagrams);
const newestFirst = [desc(diagrams.updatedAt), desc(diagrams.id)];

export function diagramsStore(db: Db) {
  const byId = (id: number, condition: SQL) => and(eq(diagrams.id, id), condition);

  return {
    async list(actor: Actor): Promise<Diagram[]> {
      const rows = await db
        .select()
        .from(diagrams)
        .where(ownedBy(actor))
        .orderBy(...newestFirst);
      return rows.map(toDiagramDto);
    },

    /** The list without each diagram's text: what the sidebar needs, at any number of diagrams. */
    async listSummaries(actor: Actor): Promise<DiagramSummary[]> {
      const rows = await db
        .select(summaryColumns)
        .from(diagrams)
        .where(ownedBy(actor))
        .orderBy(...newestFirst);
      return rows.map(toSummary);
    },

    /**
     * The caller's own diagrams whose title or text contains `query` (any case), newest first,
     * without their text. A plain substring test: no pattern of the caller's is ever run.
     */
    async search(actor: Actor, query: string): Promise<DiagramSummary[]> {
      const needle = query.toLowerCase();
      const rows = await db
        .select(summaryColumns)
        .from(diagrams)
        .where(
          and(
            ownedBy(actor),
            sql`(strpos(lower(${diagrams.title}), ${needle}) > 0 or strpos(lower(${diagrams.content}), ${needle}) > 0)`,
          ),
        )
        .orderBy(...newestFirst);
      return rows.map(toSummary);
    },

    /** The caller's own diagram (owner only). */
    async get(actor: Actor, id: number): Promise<Diagram | null> {
      const [row] = await db
        .select()
        .from(diagrams)
        .where(byId(id, ownedBy(actor)));
      return row ? toDiagramDto(row) : null;
    },

    /** A diagram the caller owns or collaborates on, with their access. */
    async open(actor: Actor, id: number): Promise<OpenedDiagram | null> {
      const [row] = await db
        .select({ diagram: diagrams, access: accessOf(actor) })
        .from(diagrams)
        .where(byId(id, readableBy(actor)));
      return row ? { ...toDiagramDto(row.diagram), access: row.access } : null;
    },

    /** A public diagram by its share token; private or unknown tokens find nothing. */
    async findPublic(token: string): Promise<Diagram | null> {
      const [row] = await db
        .select()
        .from(diagrams)
        .where(and(eq(diagrams.shareToken, token), eq(diagrams.isPublic, true), notDeleted));
      return row ? toDiagramDto(row) : null;
    },
  };
}

export type DiagramsStore = ReturnType<typeof diagramsStore>;
