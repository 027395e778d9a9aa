/**
 * No secrets in logs: with logging at 'trace', a whole signed-in journey (sign-in, session calls,
 * API-token calls, token regeneration, convert, logout) and a failing database leave log lines
 * that hold none of the cookies, session ids, tokens or Authorization values used, while every
 * request's lines still carry its id.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { openPglite } from '../support/databases.js';
import { findChromium } from '../../src/server/chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../../src/server/chromium-render/renderer.js';
import { testApp } from '../support/app.js';

describe('logs', () => {
  let database: Database;
  let app: FastifyInstance;
  let renderer: Renderer;
  const lines: string[] = [];
  const secrets = new Set<string>();

  beforeAll(async () => {
    renderer = createRenderer({ executablePath: findChromium(), pages: 1, queue: 4 });
    database = await openPglite();
    app = await testApp(database, {
      renderer,
      logLevel: 'trace',
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await app?.close();
    await renderer?.close();
    await database?.close().catch(() => undefined); // closed by the last test already
  });

  const sessionOf = (response: { cookies: { name: string; value: string }[] }) => {
    const value = response.cookies.find((c) => c.name === 'lifeline_session')?.value;
    if (!value) throw new Error('no session cookie');
    secrets.add(value);
    return `lifeline_session=${value}`;
  };
  const call = async (options: InjectOptions) => {
    const headers = (options.headers ?? {}) as Record<string, string>;
    for (const value of Object.values(headers)) {
      if (/^Bearer |lifeline_session=/.test(value)) secrets.add(value);
    }
    return app.inject(options);
  };

  it('never writes a cookie, session id, token or Authorization header', async () => {
    const form = {
      method: 'POST' as const,
      url: '/auth/local',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=Logged&email=logged%40example.test&redirect=%2Ftry',
    };
    const first = sessionOf(await call(form));
    // Signing in again rotates the session: both ids are secrets.
    const cookie = sessionOf(await call({ ...form, headers: { ...form.headers, cookie: first } }));
    expect((await call({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(
      200,
    );
    const created = await call({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: { title: 'Logged', content: 'graph TD; A-->B' },
    });
    expect(created.statusCode).toBe(201);

    const tokenAnswer = await call({
      method: 'GET',
      url: '/api/user/api-token',
      headers: { cookie },
    });
    const token = (tokenAnswer.json() as { apiToken: string }).apiToken;
    secrets.add(token);
    const bearer = { authorization: `Bearer ${token}` };
    expect(
      (
        await call({
          method: 'POST',
          url: '/api/v1/diagrams',
          headers: bearer,
          payload: { content: 'graph TD; A-->B' },
        })
      ).statusCode,
    ).toBe(201);
    const converted = await call({
      method: 'POST',
      url: '/api/v1/convert',
      headers: bearer,
      payload: { content: 'sequenceDiagram\n  A->>B: hi', format: 'svg' },
    });
    expect([200, 503]).toContain(converted.statusCode);

    const regenerated = await call({
      method: 'POST',
      url: '/api/user/regenerate-api-token',
      headers: { cookie },
    });
    const fresh = (regenerated.json() as { apiToken: string }).apiToken;
    secrets.add(fresh);
    const refused = await call({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: bearer,
      payload: { content: 'x' },
    });
    expect(refused.statusCode).toBe(401);
    await call({ method: 'POST', url: '/api/logout', headers: { cookie } });

    // A failing database: the 500 handler logs the error, with the request's credentials around.
    await database.close();
    const broken = await call({
      method: 'GET',
      url: '/api/diagrams',
      headers: { cookie: `lifeline_session=${secretLike()}`, authorization: `Bearer ${fresh}` },
    });
    expect(broken.statusCode).toBe(500);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(20);
    expect(log).toContain('unhandled error');
    expect(app.log.level).toBe('trace');
    expect(log).toContain('params: [redacted]'); // the failed query's parameters are left out
    for (const secret of secrets) {
      expect(log, 'a secret reached the log').not.toContain(secret);
      const bare = secret.replace(/^(Bearer |lifeline_session=)/, '');
      expect(log, 'a secret reached the log').not.toContain(bare);
      expect(log).not.toContain(encodeURIComponent(bare));
    }
    for (const line of lines) {
      const entry = JSON.parse(line) as { req?: unknown; reqId?: string };
      if (entry.req) expect(entry.reqId, line).toMatch(/^[0-9a-f-]{36}$/);
    }
  }, 120_000);
});

function secretLike(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
}
