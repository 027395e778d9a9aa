import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

const limits = { signInsPerMinute: 3, shareLookupsPerMinute: 3 };
const UNKNOWN_SHARE = '/api/diagrams/shared/AAAAAAAAAAAAAAAAAAAAAAAA';

const signIn = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: '/auth/local',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'name=Ada&email=ada%40example.test&redirect=%2F',
  });

async function counterKeys(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select key from rate_limits order by key`,
  )) as unknown as { rows: { key: string }[] };
  return result.rows.map((row) => row.key);
}

describeEach(testDatabases, 'abuse limits on $name', ({ name, open }) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('lets a person sign in a few times, then answers 429 with Retry-After', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await signIn(app));
    expect(answers.slice(0, 3).map((a) => a.statusCode)).toEqual([303, 303, 303]);
    const refused = answers[3]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    // The sign-in page counts on its own: the limit is per route.
    expect((await app.inject({ method: 'GET', url: '/auth/google' })).statusCode).toBe(200);
  });

  it(
    name === 'postgres'
      ? 'keeps counters in PostgreSQL, where every instance sees them'
      : 'keeps counters in memory for the embedded database',
    async () => {
      await app.inject({ method: 'GET', url: UNKNOWN_SHARE });
      const keys = await counterKeys(database);
      if (name === 'postgres') {
        expect(keys).toContain('POST/auth/local-127.0.0.1');
        // Every public-link route counts in one bucket per address.
        expect(keys.filter((key) => key.endsWith('share-lookup:127.0.0.1'))).toHaveLength(1);
      } else {
        expect(keys).toEqual([]);
      }
    },
  );

  if (name === 'postgres') {
    it('counts share look-ups made through two app instances together', async () => {
      const other = await testApp(database, { limits });
      try {
        const url = '/api/diagrams/shared/BBBBBBBBBBBBBBBBBBBBBBBB';
        // The first look-up above already counted one for this address on this route.
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
        expect((await other.inject({ method: 'GET', url })).statusCode).toBe(429);
      } finally {
        await other.close();
      }
    });
  }
});
