/**
 * Public links: GET /api/diagrams/shared/{token} for the app, rate-limited per client address so
 * tokens cannot be guessed at speed. Unknown, malformed and revoked tokens all answer the same 404.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import { notFound } from '../errors.js';
import { SHARE_TOKEN } from './token.js';

export interface ShareLimits {
  /** The look-up limit per client address, one bucket for every public-link route. */
  lookupLimit: onRequestHookHandler;
}

export function shareRoutes(app: FastifyInstance, db: Db, limits: ShareLimits): void {
  const diagrams = diagramsStore(db);

  app.get<{ Params: { token: string } }>(
    '/api/diagrams/shared/:token',
    { onRequest: limits.lookupLimit },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { token } = request.params;
      const diagram = SHARE_TOKEN.test(token) ? await diagrams.findPublic(token) : null;
      if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
      return diagram;
    },
  );
}
