/**
 * The databases every store and API suite runs against: in-memory PGlite always, and a fresh
 * throwaway database on the PostgreSQL server named by TEST_DATABASE_URL. Without that variable
 * the PostgreSQL suites show as skipped with the reason (register them with describeEach).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import type { SkipReason } from './needs.js';
import { SEED_DATA_DIR, SEED_DUMP } from './pglite-seed.js';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** Why this database's suites are skipped here, or null. */
  skip: SkipReason;
  open(): Promise<Database>;
}

const postgresUrl = process.env.TEST_DATABASE_URL || null;

/** Null when TEST_DATABASE_URL names a PostgreSQL server, else why its suites are skipped. */
export const postgresSkip: SkipReason = postgresUrl ? null : 'TEST_DATABASE_URL is not set';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the migrated PGlite database pglite-seed.ts made. */
    pgliteSeed?: string;
  }
}

let seed: Blob | undefined;

/**
 * A new in-memory PGlite database, started from the migrated database the global setup made
 * (pglite-seed.ts), read once per test file; without it, from an empty one.
 */
export function openPglite(): Promise<Database> {
  const folder = inject('pgliteSeed');
  if (folder && !seed) seed = new Blob([readFileSync(join(folder, SEED_DUMP))]);
  return openDatabase({ kind: 'pglite', dataDir: null, ...(seed ? { seed } : {}) });
}

/**
 * A new folder for a server process's DATA_DIR (`prefix` names it), holding a copy of the
 * migrated embedded database the global setup made; without it, empty.
 */
export function seededDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const folder = inject('pgliteSeed');
  if (folder) cpSync(join(folder, SEED_DATA_DIR), join(dir, SEED_DATA_DIR), { recursive: true });
  return dir;
}

export const testDatabases: TestDatabase[] = [
  { name: 'pglite', skip: null, open: openPglite },
  {
    name: 'postgres',
    skip: postgresSkip,
    open: () => {
      if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set.');
      return openScratchPostgres(postgresUrl);
    },
  },
];

/**
 * Waits until a new database takes connections. While other suites create and drop their own
 * databases, the first connection to a new one can wait on the server for seconds, longer than
 * the app's pool allows for a connection (it fails fast on a server that is down).
 */
async function firstConnection(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.end();
}

/** Creates `lifeline_t_<random>` on the server and drops it again when the handle closes. */
async function openScratchPostgres(adminUrl: string): Promise<Database> {
  const scratch = await scratchPostgresUrl(adminUrl);
  await firstConnection(scratch.url);
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty scratch database on the server for processes to share; `drop` removes it. */
export async function scratchPostgresUrl(adminUrl: string): Promise<ScratchDatabase> {
  const name = `lifeline_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
