import type { FastifyInstance } from 'fastify';
import { unauthenticated } from '../errors.js';

/**
 * GET /api/user: the signed-in user, or 401. No sign-in method is configured yet, so every
 * caller is signed out.
 */
export function userRoutes(app: FastifyInstance): void {
  app.get('/api/user', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store, no-cache, must-revalidate');
    reply.header('Pragma', 'no-cache');
    throw unauthenticated();
  });
}
