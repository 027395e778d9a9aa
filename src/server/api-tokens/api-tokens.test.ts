import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { apiTokens } from '../db/schema.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { decryptApiToken, hashApiToken, tokenKey } from './token-crypto.js';

const APP_SECRET = 'api-token-test-secret-0123456789abcdefghijkl';

describeEach(testDatabases, 'API tokens on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let cookie: string;

  const getToken = async (who = cookie) => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/api-token',
      headers: { cookie: who },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { apiToken: string }).apiToken;
  };
  const createWith = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: { authorization: `Bearer ${token}` },
      payload: { content: 'graph TD; A-->B' },
    });

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { appSecret: APP_SECRET });
    cookie = await signInLocally(app, 'token-owner@example.test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 to both token calls when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/api-token'],
      ['POST', '/api/user/regenerate-api-token'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: 'Not authenticated' });
    }
  });

  it('creates a token with the ll_ prefix and 256 random bits on first use, then keeps it', async () => {
    const first = await getToken();
    expect(first).toMatch(/^ll_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.slice(3), 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(await getToken()).toBe(first);
    const other = await getToken(await signInLocally(app, 'token-other@example.test'));
    expect(other).not.toBe(first);
    expect((await createWith(first)).statusCode).toBe(201);
  });

  it('stores only a hash and an encrypted copy that decrypts back under the app secret', async () => {
    const token = await getToken();
    const rows = await database.db.select().from(apiTokens);
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(token);
    expect(serialized).not.toContain(token.slice(3));
    const row = rows.find((r) => r.tokenHash === hashApiToken(token));
    expect(row).toBeDefined();
    expect(row!.tokenHash).not.toBe(token);
    expect(row!.tokenEncrypted).not.toContain(token.slice(3));
    expect(decryptApiToken(tokenKey(APP_SECRET), row!.tokenEncrypted)).toBe(token);
    expect(decryptApiToken(tokenKey(`${APP_SECRET}-other`), row!.tokenEncrypted)).toBeNull();
  });

  it('regenerates: the old token stops working at once and the new one works', async () => {
    const old = await getToken();
    // Used once first, so the instance has the token's owner cached.
    expect((await createWith(old)).statusCode).toBe(201);
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/regenerate-api-token',
      headers: { cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const fresh = (response.json() as { apiToken: string }).apiToken;
    expect(fresh).toMatch(/^ll_/);
    expect(fresh).not.toBe(old);
    expect(await getToken()).toBe(fresh);
    const refused = await createWith(old);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toHaveProperty('error');
    expect((await createWith(fresh)).statusCode).toBe(201);
    const rows = await database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashApiToken(old)));
    expect(rows).toEqual([]);
  });

  it('another instance on the same database refuses a regenerated token too', async () => {
    const other = await testApp(database, { appSecret: APP_SECRET });
    try {
      const old = await getToken();
      const createOnOther = (token: string) =>
        other.inject({
          method: 'POST',
          url: '/api/v1/diagrams',
          headers: { authorization: `Bearer ${token}` },
          payload: { content: 'graph TD; A-->B' },
        });
      expect((await createOnOther(old)).statusCode).toBe(201);
      const regenerated = await app.inject({
        method: 'POST',
        url: '/api/user/regenerate-api-token',
        headers: { cookie },
      });
      const fresh = (regenerated.json() as { apiToken: string }).apiToken;
      // The other instance hears of it by NOTIFY, which arrives within moments of the commit.
      const deadline = Date.now() + 1000;
      let status = (await createOnOther(old)).statusCode;
      while (status !== 401 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        status = (await createOnOther(old)).statusCode;
      }
      expect(status).toBe(401);
      expect((await createOnOther(fresh)).statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });
});
