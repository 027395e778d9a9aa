import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';

/** GET /api/user: the signed-in user, or 401; never cached. */
export function userRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/user', async (request, reply) => {
    reply.header('Cache-Control', 'no-store, no-cache, must-revalidate');
    reply.header('Pragma', 'no-cache');
    return requireUser(db, request);
  });
}
