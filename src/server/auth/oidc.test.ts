import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../db/client.js';
import { CookieJar, location } from '../../../test/support/browser-like.js';
import { startAppWithIssuer } from '../../../test/support/issuer-sign-in.js';
import type { TestIssuer } from '../../../test/support/oidc-issuer.js';

describe('OpenID Connect sign-in against a real issuer', () => {
  let database: Database;
  let app: FastifyInstance;
  let issuer: TestIssuer;
  let appUrl: string;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null });
    ({ app, issuer, appUrl } = await startAppWithIssuer(database));
  });
  afterAll(async () => {
    await app?.close();
    await issuer?.close();
    await database?.close();
  });

  /** Walks the browser's path from /auth/google to the issuer's login form and back. */
  async function signIn(browser: CookieJar, login: string, redirect: string) {
    const start = await browser.fetch(
      `${appUrl}/auth/google?redirect=${encodeURIComponent(redirect)}`,
    );
    expect(start.status).toBe(302);
    const authorize = new URL(location(start, appUrl));
    expect(authorize.origin).toBe(issuer.url);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();

    let response = await browser.fetch(authorize);
    let next = location(response, issuer.url);
    const form = await (await browser.fetch(next)).text();
    const action = /action="([^"]+)"/.exec(form)?.[1];
    expect(action).toBeTruthy();
    response = await browser.fetch(new URL(action!, issuer.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    next = location(response, issuer.url);
    // Follow the issuer's own redirects until it sends the browser back to the app.
    for (let hops = 0; hops < 5 && new URL(next).origin === issuer.url; hops++) {
      next = location(await browser.fetch(next), issuer.url);
    }
    expect(next.startsWith(`${appUrl}/auth/google/callback?`)).toBe(true);
    return browser.fetch(next);
  }

  it('signs a user in, creates them with the issuer’s profile and honours the redirect', async () => {
    const browser = new CookieJar();
    const callback = await signIn(browser, 'ada', '/try?from=landing');
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/try?from=landing');

    const me = await browser.fetch(`${appUrl}/api/user`);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: 'Ada', email: 'ada@example.test' });
  });

  it('refuses an open redirect, sending the user home instead', async () => {
    const callback = await signIn(new CookieJar(), 'eve', '//evil.example/steal');
    expect(callback.headers.get('location')).toBe('/');
  });

  it('refuses a callback whose state does not match (and one with no flow cookie)', async () => {
    const browser = new CookieJar();
    const start = await browser.fetch(`${appUrl}/auth/google`);
    expect(start.status).toBe(302);
    const forged = await browser.fetch(`${appUrl}/auth/google/callback?code=abc&state=forged`);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('Sign-in failed');

    const stranger = await new CookieJar().fetch(`${appUrl}/auth/google/callback?code=abc&state=x`);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Sign-in expired');
  });

  it('does not offer local sign-in when an issuer is configured', async () => {
    const response = await new CookieJar().fetch(`${appUrl}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=Mallory&email=m%40example.test',
    });
    expect(response.status).toBe(404);
  });
});
