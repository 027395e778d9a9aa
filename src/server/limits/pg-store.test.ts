import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { pgRateLimitStore, type PgRateLimitStore } from './pg-store.js';

const WINDOW_MS = 60_000;

function incr(store: PgRateLimitStore, key: string) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), WINDOW_MS),
  );
}

const routeChild = (store: PgRateLimitStore, url: string) =>
  store.child({ routeInfo: { method: 'GET', url } } as never) as PgRateLimitStore;

async function rows(database: Database) {
  const result = (await database.db.execute(
    sql`select key, count from rate_limits order by key`,
  )) as unknown as { rows: { key: string; count: number }[] };
  return result.rows;
}

// The store is for PostgreSQL servers; PGlite runs the same SQL, so it is tested there too when
// no TEST_DATABASE_URL is given (CI gives one).
describeEach(testDatabases, 'PostgreSQL rate-limit store on $name', ({ open }) => {
  let database: Database;
  let store: PgRateLimitStore;

  beforeAll(async () => {
    database = await open();
    const Store = pgRateLimitStore(database.db, { prefix: 'test:', sweepEveryMs: 1e9 });
    store = new Store();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('counts hits per key within one window and reports the time left', async () => {
    const first = await incr(store, 'a');
    const second = await incr(store, 'a');
    const other = await incr(store, 'b');
    expect([first.current, second.current, other.current]).toEqual([1, 2, 1]);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('keeps each route apart, as the plugin asks through child()', async () => {
    const share = routeChild(store, '/api/diagrams/shared/:token');
    const signIn = routeChild(store, '/auth/local');
    await incr(share, '10.0.0.1');
    await incr(share, '10.0.0.1');
    expect((await incr(signIn, '10.0.0.1')).current).toBe(1);
    expect((await rows(database)).map((row) => row.key)).toContain(
      'test:GET/api/diagrams/shared/:token-10.0.0.1',
    );
  });

  it('counts every one of many simultaneous hits exactly once', async () => {
    const results = await Promise.all(Array.from({ length: 40 }, () => incr(store, 'burst')));
    const counts = results.map((result) => result.current).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });

  it('starts a new window once the old one has expired', async () => {
    await incr(store, 'expiring');
    await incr(store, 'expiring');
    await database.db.execute(
      sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'test:expiring'`,
    );
    const next = await incr(store, 'expiring');
    expect(next.current).toBe(1);
    expect(next.ttl).toBeGreaterThan(WINDOW_MS - 10_000);
  });

  it('sweeps expired rows away and keeps live ones', async () => {
    await incr(store, 'stale');
    await incr(store, 'live');
    await database.db.execute(
      sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'test:stale'`,
    );
    expect(await store.sweep()).toBeGreaterThanOrEqual(1);
    const keys = (await rows(database)).map((row) => row.key);
    expect(keys).not.toContain('test:stale');
    expect(keys).toContain('test:live');
  });

  it('refuses window options it does not implement instead of ignoring them', () => {
    expect(() => store.child({ continueExceeding: true, routeInfo: {} } as never)).toThrow(
      'fixed windows only',
    );
  });
});
