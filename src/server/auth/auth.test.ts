import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { hashToken } from './sessions-store.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'sign-in and sessions on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('GET /api/user answers 401 with no-cache headers when signed out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not authenticated' });
    expect(response.headers['cache-control']).toContain('no-store');
  });

  it('shows the local sign-in form, clearly labelled, when no issuer is configured', async () => {
    const response = await app.inject({ method: 'GET', url: '/auth/google?redirect=%2Ftry' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Local mode');
    expect(response.body).toContain('value="/try"');
  });

  it('local sign-in starts a hashed, httpOnly, SameSite=Lax session and honours the redirect', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada&email=Ada%40Example.test&redirect=%2Ftry%3Fx%3D1',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/try?x=1');
    const cookie = response.cookies.find((c) => c.name === 'lifeline_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(Buffer.from(cookie.value, 'base64url')).toHaveLength(32);

    const me = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `lifeline_session=${cookie.value}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ name: 'Ada', email: 'ada@example.test', avatarUrl: null });

    const rows = await database.db.select({ idHash: sessions.idHash }).from(sessions);
    const hashes = rows.map((row) => row.idHash);
    expect(hashes).toContain(hashToken(cookie.value));
    expect(hashes).not.toContain(cookie.value);
  });

  it.each([
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
  ])('refuses the open redirect %s', async (redirect, expected) => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ name: 'Eve', email: 'eve@example.test', redirect }).toString(),
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(expected);
  });

  it('local sign-in sends a hostile redirect home and keeps a local one, normalised', async () => {
    const cases: [string, string][] = [
      ['//evil.example', '/'],
      ['https://evil.example/', '/'],
      ['/\\evil.example', '/'],
      ['/.//evil.example', '/'],
      ['/%2e%2e//evil.example', '/'],
      ['/\t/evil.example', '/'],
      ['javascript:alert(1)', '/'],
      ['/a/../d/abc?x=1#top', '/d/abc?x=1#top'],
      ['/%2F/evil.example', '/%2F/evil.example'],
    ];
    for (const [redirect, location] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/auth/local',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          name: 'Ada',
          email: 'ada@example.test',
          redirect,
        }).toString(),
      });
      expect(response.statusCode, redirect).toBe(303);
      expect(response.headers.location, redirect).toBe(location);
    }
    // The form carries the normalised path, never the raw one.
    const form = await app.inject({
      method: 'GET',
      url: `/auth/google?redirect=${encodeURIComponent('/.//evil.example')}`,
    });
    expect(form.body).toContain('value="/"');
    expect(form.body).not.toContain('evil.example');
  });

  it('answers a bad local sign-in form with the form and a clear message', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Eve&email=not-an-email',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Enter a valid e-mail address.');
    expect(response.cookies.find((c) => c.name === 'lifeline_session')).toBeUndefined();
  });

  it('rotates the session at sign-in and ends it at logout', async () => {
    const first = await signInLocally(app, 'rotate@example.test');
    const again = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: first },
      payload: 'name=R&email=rotate%40example.test',
    });
    const second = `lifeline_session=${again.cookies.find((c) => c.name === 'lifeline_session')!.value}`;
    expect(second).not.toBe(first);
    const old = await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: first } });
    expect(old.statusCode).toBe(401);

    const logout = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: second },
    });
    expect(logout.statusCode).toBe(204);
    const after = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: second },
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a cross-origin state-changing request that carries a valid cookie', async () => {
    const cookie = await signInLocally(app, 'csrf@example.test');
    const attack = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { title: 'Injected', content: 'graph TD' },
    });
    expect(attack.statusCode).toBe(403);
    expect(attack.json().error).toMatch(/Cross-site requests are not allowed/);
    const viaFetchMetadata = await app.inject({
      method: 'DELETE',
      url: '/api/diagrams/1',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(viaFetchMetadata.statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/diagrams', headers: { cookie } });
    expect(list.json()).toEqual([]);

    const sameOrigin = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { title: 'Mine', content: 'graph TD' },
    });
    expect(sameOrigin.statusCode).toBe(201);
  });

  it('unknown API paths answer 404 as JSON, never the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain('/api/nothing-here');
  });
});
