/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and any unknown
 * GET that is not an API path answered with the app shell (the client routes it).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { FRAME_CSP } from './page-security.js';

const API_PREFIXES = ['/api/', '/auth/', '/healthz'];

export async function staticRoutes(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<void> {
  const hasClient = clientDir !== undefined && existsSync(join(clientDir, 'index.html'));
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
        if (path.endsWith('/frame.html')) res.header('Content-Security-Policy', FRAME_CSP);
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
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
