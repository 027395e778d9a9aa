import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../../src/server/app.js';
import type { Database } from '../../src/server/db/client.js';

/** A Fastify app over a real database, for `app.inject` tests (local sign-in unless told). */
export async function testApp(
  database: Database,
  options: Partial<Omit<AppDeps, 'database'>> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    database,
    appSecret: randomBytes(32).toString('base64url'),
    // The suites (access matrix, fuzzing) cover the open render endpoints too.
    openRenderApi: true,
    ...options,
  });
  await app.ready();
  return app;
}

/** Signs in through the local sign-in form and answers the session cookie header value. */
export async function signInLocally(
  app: FastifyInstance,
  email: string,
  name = email.split('@')[0] ?? 'User',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/auth/local',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ name, email, redirect: '/' }).toString(),
  });
  if (response.statusCode !== 303) {
    throw new Error(`local sign-in answered ${response.statusCode}: ${response.body}`);
  }
  const cookie = response.cookies.find((c) => c.name === 'lifeline_session');
  if (!cookie) throw new Error('local sign-in set no session cookie');
  return `lifeline_session=${cookie.value}`;
}

/** The personal API token of the holder of a session cookie. */
export async function apiTokenOf(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/user/api-token',
    headers: { cookie },
  });
  if (response.statusCode !== 200) throw new Error(`api-token answered ${response.statusCode}`);
  return (response.json() as { apiToken: string }).apiToken;
}

/** `app.inject` as the holder of a session cookie (none: signed out). */
export function injectWithCookie(
  app: FastifyInstance,
  options: InjectOptions,
  cookie?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
}

/** Listens on a free port of 127.0.0.1 (for WebSocket clients); answers the app's base URL. */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
