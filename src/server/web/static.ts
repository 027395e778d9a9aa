/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and any GET that
 * is not an API path answered with the app shell (the client routes it): 200 for the app's own
 * routes, 404 for any other path (the shell then shows the landing page or '404 Page Not Found').
 * The shell says how sign-in works (a meta tag), so the app's sign-in buttons say what happens.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { syncSignedInHint } from '../auth/session-cookie.js';
import { OAUTH_PATHS } from '../oauth/paths.js';
import { FRAME_CSP } from './page-security.js';

const API_PREFIXES = ['/api/', '/auth/', '/healthz'];

/** The client's routes (src/client/App.tsx); /d/{token} has its own page (share/page.ts). */
const APP_ROUTES = new Set(['/', '/index.html', '/try', OAUTH_PATHS.consent]);

/** How this server signs people in: through the OpenID Connect issuer, or the local form. */
export type SignInMode = 'google' | 'local';

export const SIGN_IN_META = 'lifeline-sign-in';

/** The shell with the sign-in mode in its head. */
export function shellWithSignIn(shell: string, mode: SignInMode): string {
  return shell.replace(
    '</head>',
    () => `  <meta name="${SIGN_IN_META}" content="${mode}" />\n  </head>`,
  );
}

export interface StaticOptions {
  signIn: SignInMode;
  /** For the signed-in hint cookie's Secure flag (auth/session-cookie.ts). */
  publicUrl: string | null;
}

export async function staticRoutes(
  app: FastifyInstance,
  clientDir: string | undefined,
  { signIn, publicUrl }: StaticOptions,
): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
  const shell =
    hasClient && clientDir
      ? shellWithSignIn(readFileSync(join(clientDir, 'index.html'), 'utf8'), signIn)
      : '';
  if (hasClient && clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders(res, path) {
        if (path.includes('/assets/')) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
          // The preview frame has an opaque ("null") origin: its module scripts are CORS requests.
          res.header('Access-Control-Allow-Origin', '*');
          res.header('Cross-Origin-Resource-Policy', 'cross-origin');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
        if (path.endsWith('/frame.html')) {
          res.header('Content-Security-Policy', FRAME_CSP);
          // The frame is sandboxed into an opaque origin, which cannot be origin-keyed: asking
          // only makes the browser warn on every page with a preview (helmet sets it on the raw reply).
          res.raw.removeHeader('Origin-Agent-Cluster');
        }
      },
    });
    // wildcard:false registers only files present at start; the built client does not change.
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: `No route for ${request.method} ${path}.` });
    }
    if (isApi || !hasClient || path.startsWith('/assets/')) {
      return reply.status(404).send({ error: `Nothing found at ${path}.` });
    }
    syncSignedInHint(request, reply, publicUrl);
    return reply
      .status(APP_ROUTES.has(path) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(shell);
  });
}
