/**
 * Reading the version history of diagrams, scoped to the acting user. Versions are written by
 * the diagram writer alone (diagrams/writer.ts, in the transaction of the save).
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Version, VersionKind, VersionSummary } from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { diagrams, diagramVersions, users } from '../db/schema.js';
import { mayDo, type Actor } from '../diagrams/access.js';

/** Ids in first-seen order, each once. */
const unique = (ids: number[]) => [...new Set(ids)];

const newestFirst = [desc(diagramVersions.createdAt), desc(diagramVersions.id)];

type SummaryRow = {
  id: number;
  title: string;
  kind: VersionKind;
  createdAt: Date;
  savedById: number | null;
  savedByName: string | null;
  authors: number[];
};

type Names = Map<number, string>;

const toSummary = (row: SummaryRow, names: Names): VersionSummary => ({
  id: row.id,
  title: row.title,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
  savedBy:
    row.savedById !== null && row.savedByName !== null
      ? { id: row.savedById, name: row.savedByName }
      : null,
  authors: row.authors.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ id, name }];
  }),
});

const summaryColumns = {
  id: diagramVersions.id,
  title: diagramVersions.title,
  kind: diagramVersions.kind,
  createdAt: diagramVersions.createdAt,
  savedById: users.id,
  savedByName: users.name,
  authors: diagramVersions.authors,
};

/** The names of the authors of `rows` (a deleted account is left out). */
async function authorNames(db: Db, rows: { authors: number[] }[]): Promise<Names> {
  const ids = unique(rows.flatMap((row) => row.authors));
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(found.map((user) => [user.id, user.name]));
}

export function versionsStore(db: Db) {
  async function canRead(actor: Actor, diagramId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: diagrams.id })
      .from(diagrams)
      .where(and(eq(diagrams.id, diagramId), mayDo(actor, 'see-history')));
    return row !== undefined;
  }

  return {
    /** Newest first, without content; null when the caller cannot open the diagram. */
    async list(actor: Actor, diagramId: number): Promise<VersionSummary[] | null> {
      if (!(await canRead(actor, diagramId))) return null;
      const rows = await db
        .select(summaryColumns)
        .from(diagramVersions)
        .leftJoin(users, eq(users.id, diagramVersions.savedBy))
        .where(eq(diagramVersions.diagramId, diagramId))
        .orderBy(...newestFirst);
      const names = await authorNames(db, rows);
      return rows.map((row) => toSummary(row, names));
    },

    /** 'no-diagram' when the caller cannot open the diagram; 'no-version' when it has no such version. */
    async get(
      actor: Actor,
      diagramId: number,
      versionId: number,
    ): Promise<Version | 'no-diagram' | 'no-version'> {
      if (!(await canRead(actor, diagramId))) return 'no-diagram';
      const [row] = await db
        .select({ ...summaryColumns, content: diagramVersions.content })
        .from(diagramVersions)
        .leftJoin(users, eq(users.id, diagramVersions.savedBy))
        .where(and(eq(diagramVersions.id, versionId), eq(diagramVersions.diagramId, diagramId)));
      if (!row) return 'no-version';
      return { ...toSummary(row, await authorNames(db, [row])), content: row.content };
    },
  };
}
