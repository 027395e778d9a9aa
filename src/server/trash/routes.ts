/** 'Recently deleted': /api/trash. Parse → store (scoped to the acting user) → reply. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/schemas.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { notFound } from '../errors.js';
import { trashStore } from './store.js';

export function trashRoutes(app: FastifyInstance, db: Db, writer: DiagramWriter): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const trash = trashStore(db);

  routes.get('/api/trash', async (request) => {
    const user = await requireUser(db, request);
    return trash.list(user);
  });

  routes.post('/api/trash/:id/restore', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(db, request);
    const diagram = await writer.untrash(user, request.params.id);
    if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
    return diagram;
  });

  routes.delete('/api/trash/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(db, request);
    if (!(await trash.remove(user, request.params.id))) throw notFound(DIAGRAM_NOT_FOUND);
    return reply.status(204).send();
  });
}
