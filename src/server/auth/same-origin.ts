/**
 * Cross-site requests cannot act for a signed-in user: a state-changing request whose Origin is
 * another site (or which the browser marks cross-site) is refused before any handler runs.
 * Bearer-token calls (/api/v1) and an assistant's OAuth calls (oauth/paths.ts) carry no ambient
 * credentials and are exempt.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CROSS_SITE_OAUTH_PATHS } from '../oauth/paths.js';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function appOrigin(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

export function sameOriginGuard(app: FastifyInstance, publicUrl: string | null): void {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method) || request.url.startsWith('/api/v1/')) return;
    if (CROSS_SITE_OAUTH_PATHS.has(request.url.split('?')[0] ?? '')) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const crossOrigin = origin !== undefined && origin !== appOrigin(request, publicUrl);
    if (crossOrigin || site === 'cross-site') {
      return reply
        .status(403)
        .send({ error: 'Cross-site requests are not allowed. Use Lifeline from its own address.' });
    }
  });
}
