/** GET /api/user/api-token (made on first use) and POST /api/user/regenerate-api-token. */
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import type { ApiTokensStore } from './store.js';

export function apiTokenRoutes(app: FastifyInstance, db: Db, tokens: ApiTokensStore): void {
  app.get('/api/user/api-token', async (request, reply) => {
    const user = await requireUser(db, request);
    reply.header('Cache-Control', 'no-store');
    return { apiToken: await tokens.get(user) };
  });

  app.post('/api/user/regenerate-api-token', async (request, reply) => {
    const user = await requireUser(db, request);
    reply.header('Cache-Control', 'no-store');
    return { apiToken: await tokens.regenerate(user) };
  });
}
