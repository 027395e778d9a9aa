/**
 * The backup file: JSON lines. A header (format, version, migration level, tables and their
 * columns), one line per row in table order, and an end line with the row counts, so a file cut
 * short is recognised.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

export const FORMAT = 'lifeline-backup';
export const FORMAT_VERSION = 1;

export interface MigrationLevel {
  /** Migrations applied. */
  count: number;
  /** The newest one's timestamp, as drizzle records it. */
  last: string | null;
}

export interface BackupHeader {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  migrations: MigrationLevel;
  tables: { name: string; columns: string[] }[];
}

export interface RowLine {
  table: string;
  row: Record<string, unknown>;
}

export interface EndLine {
  end: true;
  rows: Record<string, number>;
}

export async function migrationLevel(db: Db): Promise<MigrationLevel> {
  const result = (await db.execute(
    sql`select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number; last: string | null }[] };
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), last: row?.last ?? null };
}
