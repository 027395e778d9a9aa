/**
 * Two real Lifeline processes on different ports against one PostgreSQL database: sessions,
 * edits and rate limits are shared, through PostgreSQL and through Redis. Needs a
 * PostgreSQL server (TEST_DATABASE_URL; CI sets it) and Redis, and shows as skipped without them.
 * The embedded database's single-process rule is what two instances meet without a server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Diagram, User } from '../../src/shared/schemas.js';
import { openDatabase } from '../../src/server/db/client.js';
import { startAppProcess, type AppProcess } from '../support/app-process.js';
import { postgresSkip, scratchPostgresUrl } from '../support/databases.js';
import { describeIf, itIf, redisSkip, TEST_REDIS_URL } from '../support/needs.js';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? '';
const REDIS_URL = TEST_REDIS_URL;
const LOOKUPS = 3;
const redisMissing = await redisSkip();

async function signIn(app: AppProcess, email: string): Promise<string> {
  const response = await fetch(`${app.url}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada', email, redirect: '/' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(303);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lifeline_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

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
      DATABASE_URL: database.url,
      APP_SECRET: sharedSecret,
      SHARE_LOOKUPS_PER_MINUTE: String(LOOKUPS),
      ...extra,
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
  const dataDir = mkdtempSync(join(tmpdir(), 'lifeline-two-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses the second with a clear line instead of sharing (and corrupting) the folder', async () => {
    const first = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      await expect(startAppProcess({ DATA_DIR: dataDir })).rejects.toThrow(
        `Cannot open the embedded database in ${join(dataDir, 'pglite')}: it is in use by another process (pid ${process.pid}).`,
      );
    } finally {
      await first.close();
    }
    const second = await startAppProcess({ DATA_DIR: dataDir });
    await second.stop();
  }, 240_000);
});
