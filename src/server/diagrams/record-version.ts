/**
 * Recording versions, for the diagram writer (writer.ts) only: it runs these in the transaction
 * that writes the row, whose row lock keeps two writers of one diagram in line. Reading versions
 * is versions/store.ts.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  AUTO_VERSION_INTERVAL_MS,
  MANUAL_VERSION_WINDOW_MS,
  MANUAL_VERSIONS_PER_WINDOW,
  type VersionKind,
} from '../../shared/versions.js';
import type { Db } from '../db/client.js';
import { diagramLiveState, diagramVersions } from '../db/schema.js';
import { versionsToDrop } from '../versions/thinning.js';

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
