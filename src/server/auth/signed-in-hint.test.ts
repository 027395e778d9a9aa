import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { SIGNED_IN_COOKIE } from '../../shared/constants.js';
import { testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

const SHELL = `<!doctype html><html><head><title>Lifeline</title></head><body><div id="root"></div></body></html>`;

type Injected = Awaited<ReturnType<FastifyInstance['inject']>>;
const hintOf = (response: Injected) => response.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
const sessionOf = (response: Injected) =>
  response.cookies.find((c) => c.name === 'lifeline_session');
const cleared = (cookie: { value: string; expires?: Date } | undefined) =>
  cookie !== undefined && cookie.value === '' && (cookie.expires?.getTime() ?? 1) <= Date.now();

describeEach(testDatabases, 'the signed-in hint cookie on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-shell-'));
    writeFileSync(join(clientDir, 'index.html'), SHELL);
    database = await open();
    app = await testApp(database, { clientDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function signIn() {
    const response = await app.inject({
      method: 'POST',
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Ada&email=ada%40example.test&redirect=%2F',
    });
    return { response, session: sessionOf(response)!, hint: hintOf(response) };
  }

  it('is set beside the session at sign-in, readable by the page, lasting as long', async () => {
    const { session, hint } = await signIn();
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(hint?.httpOnly).toBeFalsy();
    expect(hint?.expires?.getTime()).toBe(session.expires?.getTime());
  });

  it('is cleared with the session at logout', async () => {
    const { session } = await signIn();
    const out = await app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: `lifeline_session=${session.value}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(out.statusCode).toBe(204);
    expect(cleared(hintOf(out))).toBe(true);
  });

  it('follows the session cookie a page request carries', async () => {
    const { session } = await signIn();
    // A session made before the hint existed gets one with the page.
    const withSession = await app.inject({
      method: 'GET',
      url: '/try',
      headers: { cookie: `lifeline_session=${session.value}` },
    });
    expect(withSession.statusCode).toBe(200);
    expect(hintOf(withSession)?.value).toBe('1');
    // A hint with no session is cleared; a page with both, or neither, sets nothing.
    const strayHint = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${SIGNED_IN_COOKIE}=1` },
    });
    expect(cleared(hintOf(strayHint))).toBe(true);
    const both = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `lifeline_session=${session.value}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(hintOf(both)).toBeUndefined();
    const neither = await app.inject({ method: 'GET', url: '/' });
    expect(neither.headers['set-cookie']).toBeUndefined();
  });

  it('and the session are cleared when /api/user finds the session gone', async () => {
    const stale = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `lifeline_session=${'x'.repeat(43)}; ${SIGNED_IN_COOKIE}=1` },
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({ error: 'Not authenticated' });
    expect(cleared(sessionOf(stale))).toBe(true);
    expect(cleared(hintOf(stale))).toBe(true);
    // Signed out with no cookie at all: the 401 sets nothing.
    const none = await app.inject({ method: 'GET', url: '/api/user' });
    expect(none.headers['set-cookie']).toBeUndefined();
  });
});
