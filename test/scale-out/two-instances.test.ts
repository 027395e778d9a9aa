/**
 * Two Lifeline instances against one PostgreSQL database. Two real processes on different ports
 * share sessions, edits and rate limits, through PostgreSQL and through Redis; two apps in this
 * process serve one live session, a client on each seeing the other's edits, with fan-out
 * through PostgreSQL NOTIFY and through Redis. Needs a PostgreSQL server (TEST_DATABASE_URL; CI
 * sets it) and Redis, and shows as skipped without them. The embedded database's
 * single-process rule is what two instances meet without a server.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { diagramDocName } from '../../src/shared/live.js';
import type { Diagram, User } from '../../src/shared/schemas.js';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { injectWithCookie, listeningUrl, signInLocally } from '../support/app.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { postgresSkip, scratchPostgresUrl, seededDataDir } from '../support/databases.js';
import { signInAt } from '../support/http-sign-in.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { describeIf, itIf, redisSkip, TEST_REDIS_URL } from '../support/needs.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = TEST_REDIS_URL;
const LOOKUPS = 3;
const redisMissing = await redisSkip();

const signIn = (app: AppProcess, email: string) => signInAt(app.url, email, 'Ada');

function call(app: AppProcess, path: string, cookie: string, init: RequestInit = {}) {
  return fetch(`${app.url}${path}`, {
    ...init,
    headers: { cookie, 'content-type': 'application/json', ...init.headers },
  });
}

/** N share look-ups on `first`, then one on `second`: the statuses, in order. */
async function lookUps(first: AppProcess, second: AppProcess): Promise<number[]> {
  const path = `/api/diagrams/shared/${randomBytes(18).toString('base64url')}`;
  const statuses: number[] = [];
  for (let i = 0; i < LOOKUPS; i++) statuses.push((await fetch(first.url + path)).status);
  statuses.push((await fetch(second.url + path)).status);
  return statuses;
}

describeIf(postgresSkip, 'two instances on one PostgreSQL database', () => {
  let database: { url: string; drop(): Promise<void> };
  const started: AppProcess[] = [];
  const start = async (extra: Record<string, string> = {}) => {
    const app = await startAppProcess({
      env: {
        DATABASE_URL: database.url,
        APP_SECRET: sharedSecret,
        SHARE_LOOKUPS_PER_MINUTE: String(LOOKUPS),
        ...extra,
      },
    });
    started.push(app);
    return app;
  };
  const sharedSecret = randomBytes(32).toString('base64url');
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    database = await scratchPostgresUrl(ADMIN_URL);
    [a, b] = await Promise.all([start(), start()]);
  }, 240_000);
  afterAll(async () => {
    await Promise.all(started.map((app) => app.stop()));
    await database?.drop();
  }, 60_000);

  it('accepts a session started on one instance on the other', async () => {
    const cookie = await signIn(a, 'ada@example.test');
    const me = await call(b, '/api/user', cookie);
    expect(me.status).toBe(200);
    expect(((await me.json()) as User).email).toBe('ada@example.test');
  });

  it('shows an edit saved on one instance on the other, and refuses a stale save with 409', async () => {
    const cookie = await signIn(a, 'grace@example.test');
    const created = await call(a, '/api/diagrams', cookie, {
      method: 'POST',
      body: JSON.stringify({ title: 'Shared', content: 'sequenceDiagram\nA->>B: one' }),
    });
    expect(created.status).toBe(201);
    const seen = (await created.json()) as Diagram;

    const saved = await call(a, `/api/diagrams/${seen.id}`, cookie, {
      method: 'PUT',
      body: JSON.stringify({ content: 'sequenceDiagram\nA->>B: two', updatedAt: seen.updatedAt }),
    });
    expect(saved.status).toBe(200);
    const onB = await call(b, `/api/diagrams/${seen.id}`, cookie);
    expect(((await onB.json()) as Diagram).content).toBe('sequenceDiagram\nA->>B: two');

    const stale = await call(b, `/api/diagrams/${seen.id}`, cookie, {
      method: 'PUT',
      body: JSON.stringify({ content: 'sequenceDiagram\nA->>B: lost', updatedAt: seen.updatedAt }),
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { diagram: Diagram }).diagram.content).toBe(
      'sequenceDiagram\nA->>B: two',
    );
  });

  it('counts share look-ups on both instances together in PostgreSQL', async () => {
    expect(await lookUps(a, b)).toEqual([404, 404, 404, 429]);
  });

  itIf(
    redisMissing,
    'counts them together through Redis when REDIS_URL is set',
    async () => {
      const keyPrefix = `lifeline-test:${randomBytes(6).toString('hex')}:`;
      const redis = new Redis(REDIS_URL);
      try {
        const env = { REDIS_URL, REDIS_KEY_PREFIX: keyPrefix };
        const [c, d] = await Promise.all([start(env), start(env)]);
        expect(await lookUps(c, d)).toEqual([404, 404, 404, 429]);
        const keys = await redis.keys(`${keyPrefix}*`);
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatch(new RegExp(`^${keyPrefix}.*share-lookup:127\\.0\\.0\\.1$`));
        expect(Number(await redis.get(keys[0]!))).toBe(LOOKUPS + 1);
      } finally {
        const keys = await redis.keys(`${keyPrefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
    },
    240_000,
  );
});

describe('two instances on one embedded database folder', () => {
  const dataDir = seededDataDir('lifeline-two-');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses the second with a clear line instead of sharing (and corrupting) the folder', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await expect(startAppProcess({ env: { DATA_DIR: dataDir } })).rejects.toThrow(
        `Cannot open the embedded database in ${join(dataDir, 'pglite')}: it is in use by another process (pid ${process.pid}).`,
      );
    } finally {
      await first.close();
    }
    const second = await startAppProcess({ env: { DATA_DIR: dataDir } });
    await second.stop();
  }, 240_000);
});

const fanOuts = [
  { name: 'PostgreSQL NOTIFY', redis: () => null, skip: postgresSkip },
  {
    name: 'Redis',
    redis: () => ({
      url: REDIS_URL,
      keyPrefix: `lifeline-test-${randomBytes(4).toString('hex')}:`,
    }),
    skip: postgresSkip ?? redisMissing,
  },
];

for (const mode of fanOuts) {
  describeIf(mode.skip, `two instances co-edit live through ${mode.name}`, () => {
    let scratch: { url: string; drop(): Promise<void> };
    const databases: Database[] = [];
    const apps: FastifyInstance[] = [];
    const bases: string[] = [];
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      scratch = await scratchPostgresUrl(ADMIN_URL);
      const appSecret = randomBytes(32).toString('base64url');
      const redis = mode.redis();
      for (let i = 0; i < 2; i++) {
        const database = await openDatabase({ kind: 'postgres', url: scratch.url });
        databases.push(database);
        const app = await buildApp({ database, appSecret, redis });
        apps.push(app);
        bases.push(await listeningUrl(app));
      }
    }, 60_000);
    afterEach(() => {
      for (const client of clients.splice(0)) client.destroy();
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      await scratch?.drop();
    });

    it('shows each client the edits made on the other instance', async () => {
      const cookie = await signInLocally(apps[0]!, 'ada@example.test');
      const diagram = (
        await injectWithCookie(
          apps[0]!,
          {
            method: 'POST',
            url: '/api/diagrams',
            payload: { title: 'Shared', content: 'sequenceDiagram\n' },
          },
          cookie,
        )
      ).json() as Diagram;
      const a = connectLive(bases[0]!, diagramDocName(diagram.id), { cookie });
      const b = connectLive(bases[1]!, diagramDocName(diagram.id), { cookie });
      clients.push(a, b);
      await Promise.all([a.synced, b.synced]);
      a.text.insert(a.text.length, 'A->>B: from one\n');
      await until(() => b.text.toString().includes('from one'), 'edit on instance 2');
      b.text.insert(b.text.length, 'B->>A: from two\n');
      await until(() => a.text.toString().includes('from two'), 'edit on instance 1');
      a.text.insert(0, `%% ${'x'.repeat(20_000)}\n`);
      await until(() => b.text.toString().startsWith('%% x'), 'a large edit in chunks');
      expect(b.text.toString()).toBe(a.text.toString());
    });
  });
}
