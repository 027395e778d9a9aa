/**
 * GET /api/user/api-token (made on first use, full access) and POST /api/user/regenerate-api-token
 * (body `{ scope }`, full when absent).
 */
import type { FastifyInstance } from 'fastify';
import { regenerateApiTokenBody } from '../../shared/schemas.js';
import { badRequest } from '../errors.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import type { ApiTokensStore } from './store.js';

export const INVALID_SCOPE = "scope must be 'full' or 'read'.";

export function apiTokenRoutes(app: FastifyInstance, db: Db, tokens: ApiTokensStore): void {
  app.get('/api/user/api-token', async (request, reply) => {
    const user = await requireUser(db, request);
    reply.header('Cache-Control', 'no-store');
    return tokens.show(user);
  });

  app.post('/api/user/regenerate-api-token', async (request, reply) => {
    const user = await requireUser(db, request);
    const body = regenerateApiTokenBody.safeParse(request.body ?? undefined);
    if (!body.success) throw badRequest(INVALID_SCOPE);
    reply.header('Cache-Control', 'no-store');
    return tokens.regenerate(user, body.data.scope);
  });
}
