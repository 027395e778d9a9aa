/**
 * Signing in through a real OpenID Connect issuer: the app wired to one, and the browser's path
 * from /auth/google through the issuer's login form back to the app.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { oidcClient } from '../../src/server/auth/oidc.js';
import type { Database } from '../../src/server/db/client.js';
import { testApp } from './app.js';
import { location, type CookieJar } from './browser-like.js';
import { freePort } from './free-port.js';
import { startTestIssuer, type TestIssuer } from './oidc-issuer.js';

export interface AppWithIssuer {
  app: FastifyInstance;
  issuer: TestIssuer;
  appUrl: string;
}

/** The app listening on a free port, signing in through a test issuer on another. */
export async function startAppWithIssuer(database: Database): Promise<AppWithIssuer> {
  const [appPort, issuerPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const issuer = await startTestIssuer({
    port: issuerPort,
    redirectUris: [`${appUrl}/auth/google/callback`],
  });
  try {
    const app = await testApp(database, {
      appSecret: randomBytes(32).toString('hex'),
      oidc: oidcClient({
        issuerUrl: issuer.url,
        clientId: issuer.clientId,
        clientSecret: issuer.clientSecret,
      }),
    });
    await app.listen({ port: appPort, host: '127.0.0.1' });
    return { app, issuer, appUrl };
  } catch (error) {
    await issuer.close();
    throw error;
  }
}

export async function signInThroughIssuer(
  browser: CookieJar,
  appUrl: string,
  issuerUrl: string,
  login: string,
  redirect = '/',
): Promise<Response> {
  const start = await browser.fetch(
    `${appUrl}/auth/google?redirect=${encodeURIComponent(redirect)}`,
  );
  let next = location(start, appUrl);
  if (new URL(next).origin !== issuerUrl) throw new Error(`sign-in went to ${next}`);
  next = location(await browser.fetch(next), issuerUrl);
  const form = await (await browser.fetch(next)).text();
  const action = /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error('the issuer showed no login form');
  const response = await browser.fetch(new URL(action, issuerUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
  });
  next = location(response, issuerUrl);
  for (let hops = 0; hops < 5 && new URL(next).origin === issuerUrl; hops++) {
    next = location(await browser.fetch(next), issuerUrl);
  }
  if (!next.startsWith(`${appUrl}/auth/google/callback?`)) {
    throw new Error(`the issuer sent the browser to ${next}`);
  }
  return browser.fetch(next);
}
