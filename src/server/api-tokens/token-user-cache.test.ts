import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { notifyTokenChange, tokenUserCache, type TokenUserCache } from './token-user-cache.js';

const ALICE: User = {
  id: 1,
  name: 'Alice',
  email: 'alice@example.test',
  emailVerified: true,
  avatarUrl: null,
};

async function until(condition: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEach(testDatabases, 'token user cache on $name', ({ open }) => {
  let database: Database;
  let cache: TokenUserCache;
  let loads = 0;
  const load = async () => {
    loads += 1;
    return ALICE;
  };

  beforeAll(async () => {
    database = await open();
    cache = await tokenUserCache(database);
  });
  afterAll(async () => {
    await cache?.close();
    await database?.close();
  });

  it('answers a repeated look-up from memory, but never caches an unknown token', async () => {
    loads = 0;
    expect(await cache.find('h1', load)).toEqual(ALICE);
    expect(await cache.find('h1', load)).toEqual(ALICE);
    expect(loads).toBe(1);
    let misses = 0;
    const none = async () => {
      misses += 1;
      return null;
    };
    await cache.find('h2', none);
    await cache.find('h2', none);
    expect(misses).toBe(2);
  });

  it('forgets everything when any connection notifies a token change', async () => {
    loads = 0;
    await cache.find('h3', load);
    await notifyTokenChange(database.db);
    await until(async () => {
      await cache.find('h3', load);
      return loads > 1;
    });
  });

  it('does not cache an answer that was loading while a change was announced', async () => {
    loads = 0;
    let release: () => void = () => undefined;
    const slow = () =>
      new Promise<User>((resolve) => {
        loads += 1;
        release = () => resolve(ALICE);
      });
    const pending = cache.find('h4', slow);
    cache.forget();
    release();
    await pending;
    await cache.find('h4', load);
    expect(loads).toBe(2);
  });
});

describeEach(
  testDatabases.filter((d) => d.name === 'postgres'),
  'token user cache on $name when its connection drops',
  ({ open }) => {
    it('asks the database every time until it listens again, then caches again', async () => {
      const database = await open();
      const cache = await tokenUserCache(database);
      let loads = 0;
      const load = async () => {
        loads += 1;
        return ALICE;
      };
      try {
        await cache.find('h5', load);
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and query ilike 'listen%'`,
        );
        loads = 0;
        await until(async () => {
          await cache.find('h5', load);
          return loads > 0;
        });
        // Listening again: of two look-ups, at most the first reaches the database.
        await until(async () => {
          const before = loads;
          await cache.find('h5', load);
          await cache.find('h5', load);
          return loads - before < 2;
        });
      } finally {
        await cache.close();
        await database.close();
      }
    });
  },
);
