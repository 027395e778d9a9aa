/**
 * Security headers (helmet, one Content-Security-Policy per answer) and the session cookie's
 * attributes over plain HTTP, over HTTPS through a trusted proxy and under an https PUBLIC_URL.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { openPglite } from '../support/databases.js';
import { DOCS_CSP } from '../../src/server/public-api/docs-page.js';
import { testApp } from '../support/app.js';
import { APP_PAGE_CSP, FRAME_CSP } from '../../src/server/web/page-security.js';

const SIGN_IN = {
  method: 'POST' as const,
  url: '/auth/local',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: 'name=Ada&email=ada%40example.test',
};

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers and session cookies', () => {
  let database: Database;
  let app: FastifyInstance;
  const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-headers-'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Lifeline</title></head>');
  writeFileSync(join(clientDir, 'frame.html'), '<!doctype html><title>Lifeline preview</title>');

  beforeAll(async () => {
    database = await openPglite();
    app = await testApp(database, { clientDir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('sends one CSP on every page: no inline script, no eval, no third-party script or data', async () => {
    for (const url of ['/', '/try', '/d/unknown-token-0123456789', '/api/user', '/healthz']) {
      const response = await app.inject({ method: 'GET', url });
      const policy = response.headers['content-security-policy'];
      expect(typeof policy, url).toBe('string');
      expect(policy).toBe(APP_PAGE_CSP);
      const parsed = directives(policy as string);
      expect(parsed.get('script-src')).toEqual(["'self'"]);
      expect(parsed.get('object-src')).toEqual(["'none'"]);
      for (const name of ['default-src', 'connect-src', 'frame-src', 'font-src', 'style-src']) {
        for (const source of parsed.get(name) ?? []) {
          // Only this origin (styles also inline: mermaid and Radix set style attributes).
          expect(["'self'", "'unsafe-inline'", 'data:'], `${name} ${source}`).toContain(source);
        }
      }
      // Images may come from the sign-in provider (avatars over https), nothing else.
      expect(parsed.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('gives the render frame a policy that lets diagram text reach no other host', async () => {
    const response = await app.inject({ method: 'GET', url: '/frame.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(FRAME_CSP);
    const parsed = directives(FRAME_CSP);
    expect(parsed.get('default-src')).toEqual(["'none'"]);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
    // No https:, no other origin: an <img> in a label or url(…) in themeCSS loads nothing.
    expect(parsed.get('img-src')).toEqual(['data:', 'blob:']);
    expect(parsed.get('font-src')).toEqual(['data:']);
    expect(parsed.has('connect-src')).toBe(false);
    expect(parsed.get('form-action')).toEqual(["'none'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('asks for an origin-keyed agent cluster on pages, not on the sandboxed frame', async () => {
    for (const url of ['/', '/try', '/d/unknown-token-0123456789']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['origin-agent-cluster'], url).toBe('?1');
    }
    // The frame's origin is opaque and cannot be origin-keyed; asking makes Chromium warn.
    const frame = await app.inject({ method: 'GET', url: '/frame.html' });
    expect(frame.headers['origin-agent-cluster']).toBeUndefined();
  });

  it('answers the API reference with its own stricter policy, not two policies', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.headers['content-security-policy']).toBe(DOCS_CSP);
  });

  it('keeps an incoming request id only behind a trusted proxy', async () => {
    const direct = await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'from-the-client' },
    });
    expect(direct.headers['x-request-id']).not.toBe('from-the-client');
    const proxied = await testApp(database, { trustProxy: true });
    try {
      const kept = await proxied.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'edge-1234.abc' },
      });
      expect(kept.headers['x-request-id']).toBe('edge-1234.abc');
      const refused = await proxied.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': 'bad id\twith spaces' },
      });
      expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  it('sets the session cookie httpOnly and SameSite=Lax, not Secure over plain HTTP', async () => {
    const response = await app.inject(SIGN_IN);
    const cookie = response.cookies.find((c) => c.name === 'lifeline_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeFalsy();
    // A forwarded protocol from an untrusted client changes nothing.
    const spoofed = await app.inject({
      ...SIGN_IN,
      headers: { ...SIGN_IN.headers, 'x-forwarded-proto': 'https' },
    });
    expect(spoofed.cookies.find((c) => c.name === 'lifeline_session')!.secure).toBeFalsy();
  });

  it.each([
    [
      'behind a trusted proxy that forwarded HTTPS',
      { trustProxy: true },
      { 'x-forwarded-proto': 'https' },
    ],
    ['when PUBLIC_URL is https', { publicUrl: 'https://lifeline.example' }, {}],
  ])(
    'sets the session cookie Secure %s, and clears it Secure at logout',
    async (_name, options, headers) => {
      const secureApp = await testApp(database, options);
      try {
        const signIn = await secureApp.inject({
          ...SIGN_IN,
          headers: { ...SIGN_IN.headers, ...headers },
        });
        const cookie = signIn.cookies.find((c) => c.name === 'lifeline_session')!;
        expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
        const logout = await secureApp.inject({
          method: 'POST',
          url: '/api/logout',
          headers: { ...headers, cookie: `lifeline_session=${cookie.value}` },
        });
        expect(logout.statusCode).toBe(204);
        const cleared = logout.cookies.find((c) => c.name === 'lifeline_session')!;
        expect(cleared).toMatchObject({ value: '', secure: true, httpOnly: true });
        const after = await secureApp.inject({
          method: 'GET',
          url: '/api/user',
          headers: { cookie: `lifeline_session=${cookie.value}` },
        });
        expect(after.statusCode).toBe(401);
      } finally {
        await secureApp.close();
      }
    },
  );
});
