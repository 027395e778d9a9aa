/**
 * Version history of diagrams. Snapshots are written by the diagram store inside the transaction
 * of the save (`recordVersion`); reading goes through `versionsStore`, scoped to the acting user.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUTO_VERSION_INTERVAL_MS,
  MANUAL_VERSION_WINDOW_MS,
  MANUAL_VERSIONS_PER_WINDOW,
  type Version,
  type VersionKind,
  type VersionSummary,
} from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { diagramLiveState, diagrams, diagramVersions, users } from '../db/schema.js';
import { readableBy, type Actor } from '../diagrams/access.js';
import { versionsToDrop } from './thinning.js';

export interface Snapshot {
  diagramId: number;
  title: string;
  content: string;
  savedBy: number | null;
  kind: VersionKind;
  /** Whose edits this write holds (the version also names everyone still to be credited). */
  authors?: number[];
}

/** Ids in first-seen order, each once. */
const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Who edited a diagram since its last version and is not named in a version yet (kept with its
 * live document, so every instance and a restarted process see the same list).
 */
async function pendingAuthors(tx: Db, diagramId: number): Promise<number[]> {
  const [row] = await tx
    .select({ authors: diagramLiveState.pendingAuthors })
    .from(diagramLiveState)
    .where(eq(diagramLiveState.diagramId, diagramId));
  return row?.authors ?? [];
}

async function setPendingAuthors(tx: Db, diagramId: number, authors: number[]): Promise<void> {
  await tx
    .update(diagramLiveState)
    .set({ pendingAuthors: authors })
    .where(eq(diagramLiveState.diagramId, diagramId));
}

/** Notes authors of a write that kept no version: the diagram's next version names them. */
export async function creditLater(tx: Db, diagramId: number, authors: number[]): Promise<void> {
  if (authors.length === 0) return;
  const pending = await pendingAuthors(tx, diagramId);
  const next = unique([...pending, ...authors]);
  if (next.length !== pending.length) await setPendingAuthors(tx, diagramId, next);
}

const newestFirst = [desc(diagramVersions.createdAt), desc(diagramVersions.id)];

/**
 * Keeps a version of the diagram unless it would repeat the newest one, or it is an auto-save
 * less than five minutes after the newest one; then thins the diagram's history. A person's
 * manual saves (and restores) past MANUAL_VERSIONS_PER_WINDOW in the window update their own
 * newest version instead when nobody saved since, and keep nothing otherwise. Run it in the
 * transaction of the save: the save's row lock keeps two writers of one diagram in line.
 */
export async function recordVersion(tx: Db, snapshot: Snapshot): Promise<boolean> {
  const pending = await pendingAuthors(tx, snapshot.diagramId);
  const authors = unique([...pending, ...(snapshot.authors ?? [])]);
  const kept = await keepVersion(tx, { ...snapshot, authors });
  if (kept && pending.length > 0) await setPendingAuthors(tx, snapshot.diagramId, []);
  if (!kept) await creditLater(tx, snapshot.diagramId, snapshot.authors ?? []);
  return kept;
}

async function keepVersion(tx: Db, snapshot: Snapshot & { authors: number[] }): Promise<boolean> {
  const [newest] = await tx
    .select({
      id: diagramVersions.id,
      title: diagramVersions.title,
      content: diagramVersions.content,
      savedBy: diagramVersions.savedBy,
      kind: diagramVersions.kind,
      authors: diagramVersions.authors,
      recent: sql<boolean>`${diagramVersions.createdAt} > now() - ${`${AUTO_VERSION_INTERVAL_MS} milliseconds`}::interval`,
    })
    .from(diagramVersions)
    .where(eq(diagramVersions.diagramId, snapshot.diagramId))
    .orderBy(...newestFirst)
    .limit(1);
  if (newest && newest.title === snapshot.title && newest.content === snapshot.content) {
    return false;
  }
  if (newest && snapshot.kind === 'auto' && newest.recent) return false;
  if (await overManualRate(tx, snapshot)) {
    if (!newest || newest.savedBy !== snapshot.savedBy || newest.kind !== snapshot.kind) {
      return false;
    }
    await tx
      .update(diagramVersions)
      .set({
        title: snapshot.title,
        content: snapshot.content,
        authors: unique([...newest.authors, ...snapshot.authors]),
        createdAt: sql`now()`,
      })
      .where(eq(diagramVersions.id, newest.id));
    return true;
  }

  const [inserted] = await tx
    .insert(diagramVersions)
    .values(snapshot)
    .returning({ createdAt: diagramVersions.createdAt });
  if (!inserted) throw new Error('insert returned no row');
  await thinVersions(tx, snapshot.diagramId, inserted.createdAt);
  return true;
}

/** Whether this person already kept their quota of manual (or restore) versions in the window. */
async function overManualRate(tx: Db, snapshot: Snapshot): Promise<boolean> {
  if (snapshot.savedBy === null || (snapshot.kind !== 'manual' && snapshot.kind !== 'restore')) {
    return false;
  }
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(diagramVersions)
    .where(
      and(
        eq(diagramVersions.diagramId, snapshot.diagramId),
        eq(diagramVersions.savedBy, snapshot.savedBy),
        eq(diagramVersions.kind, snapshot.kind),
        sql`${diagramVersions.createdAt} > now() - ${`${MANUAL_VERSION_WINDOW_MS} milliseconds`}::interval`,
      ),
    );
  return (row?.count ?? 0) >= MANUAL_VERSIONS_PER_WINDOW;
}

/** Applies the thinning rules to one diagram's history as of `now`. */
export async function thinVersions(db: Db, diagramId: number, now: Date): Promise<void> {
  const versions = await db
    .select({
      id: diagramVersions.id,
      createdAt: diagramVersions.createdAt,
      savedBy: diagramVersions.savedBy,
      kind: diagramVersions.kind,
    })
    .from(diagramVersions)
    .where(eq(diagramVersions.diagramId, diagramId));
  const drop = versionsToDrop(versions, now);
  if (drop.length > 0) await db.delete(diagramVersions).where(inArray(diagramVersions.id, drop));
}

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
      .where(and(eq(diagrams.id, diagramId), readableBy(actor)));
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
