/**
 * The signed-in user's connected assistants, beside the personal API token: GET
 * /api/user/assistants lists them; DELETE /api/user/assistants/{id} disconnects one, its access
 * and refresh tokens with it (the next /mcp call with them answers 401). Another user's id is 404.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AssistantGrant } from '../../shared/assistants.js';
import { idParams } from '../../shared/schemas.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { notFound } from '../errors.js';
import type { OAuthStore } from './store.js';

export const ASSISTANT_NOT_FOUND = 'Assistant not found';

export function assistantRoutes(app: FastifyInstance, deps: { db: Db; store: OAuthStore }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/user/assistants', async (request, reply): Promise<AssistantGrant[]> => {
    const user = await requireUser(deps.db, request);
    reply.header('Cache-Control', 'no-store');
    return deps.store.listGrants(user);
  });

  routes.delete(
    '/api/user/assistants/:id',
    { schema: { params: idParams } },
    async (request, reply) => {
      const user = await requireUser(deps.db, request);
      if (!(await deps.store.revokeGrant(user, request.params.id))) {
        throw notFound(ASSISTANT_NOT_FOUND);
      }
      return reply.status(204).send();
    },
  );
}
