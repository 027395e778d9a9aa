/**
 * One database handle over PGlite (embedded, the default) or PostgreSQL (DATABASE_URL).
 * Stores see only `Db`; which engine runs underneath is decided here and nowhere else.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { default as PgModule, Client as PgClient } from 'pg';
import { byteaCodec } from './pglite-bytea.js';
import { lockDataDir } from './pglite-lock.js';
import { takeTurns } from './pglite-turns.js';
import { schema } from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseSpec =
  | {
      kind: 'pglite';
      dataDir: string | null; // null: in memory (tests)
      /**
       * A data directory PGlite dumped (`dumpDataDir`) to start an in-memory database from,
       * instead of initialising an empty one; migrations run on it as usual.
       */
      seed?: Blob;
    }
  | { kind: 'postgres'; url: string };

export interface Database {
  kind: DatabaseSpec['kind'];
  db: Db;
  /** Answers within `timeoutMs` whether the database takes queries. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * Follows NOTIFY on `channel` from every instance sharing the database. `ready` and `lost`
   * say when notifications are (and are no longer) guaranteed to arrive; answers the stopper.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  notify(payload: string): void;
  ready(): void;
  lost(): void;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

// Taken by the instance that migrates, so several app servers can start at once.
const MIGRATION_LOCK_ID = 4_815_162_342;

export async function openDatabase(spec: DatabaseSpec): Promise<Database> {
  return spec.kind === 'pglite' ? openPglite(spec.dataDir, spec.seed) : openPostgres(spec.url);
}

async function openPglite(dataDir: string | null, seed?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const client = new PGlite({
      ...(dataDir ? { dataDir } : seed ? { loadDataDir: seed } : {}),
      ...byteaCodec,
    });
    await client.waitReady;
    takeTurns(client);
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    return {
      kind: 'pglite',
      db: db as unknown as Db,
      // The embedded database runs in this process: it cannot be out of reach, only closed or
      // failing. A ping queued behind a long transaction (an import of 5,000 folders on a busy
      // machine) is busy, not down: past the timeout it answers whether the instance is open.
      ping: (timeoutMs) => pingWith(db as unknown as Db, timeoutMs, () => !client.closed),
      // One process owns an embedded database, so its notifications cannot be missed.
      async listen(channel, handlers) {
        const stop = await client.listen(channel, handlers.notify);
        handlers.ready();
        return async () => {
          handlers.lost();
          if (!client.closed) await stop();
        };
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          unlock();
        }
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Fail fast when the server is down instead of queueing callers (a stopped server refuses
    // connections at once; this bounds waiting for a connection or a free pool slot).
    connectionTimeoutMillis: 3000,
    // A connection that goes silent (no reset, e.g. a network partition) fails its query rather
    // than holding the request forever; keep-alive notices dead peers between queries.
    query_timeout: 30_000,
    keepAlive: true,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one in use: the pool takes its idle listener off a client it lends (a transaction holds
  // one across statements), and a lost connection's 'error' event without a listener throws.
  // The statements on it fail on their own, and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => undefined));

  const lockClient = await pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    lockClient.release();
  }

  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    ping: (timeoutMs) => pingWith(db, timeoutMs),
    listen: (channel, handlers) => listenOnPostgres(pg, url, channel, handlers),
    close: () => pool.end(),
  };
}

const RELISTEN_AFTER_MS = 1000;

/** A dedicated connection that LISTENs, reconnecting (and reporting the gap) when it drops. */
async function listenOnPostgres(
  pg: typeof PgModule,
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: PgClient | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    const dropped = () => {
      if (client !== next) return;
      client = null;
      handlers.lost();
      void next.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_AFTER_MS).unref();
    };
    next.on('error', dropped);
    next.on('end', dropped);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client = next;
    try {
      await next.connect();
      await next.query(`listen "${channel.replaceAll('"', '""')}"`);
      if (client === next && !stopped) handlers.ready();
    } catch {
      dropped();
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    handlers.lost();
    await current?.end().catch(() => undefined);
  };
}

/** `select 1` within `timeoutMs`; past it, `whenSlow()` answers (a server: not reachable). */
async function pingWith(
  db: Db,
  timeoutMs = 2000,
  whenSlow: () => boolean = () => false,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(whenSlow()), timeoutMs);
  });
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
