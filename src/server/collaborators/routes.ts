/** Collaborator calls of spec §7, and the caller's 'Shared with me' list. Owner only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addCollaboratorBody, collaboratorParams, idParams } from '../../shared/schemas.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import { DIAGRAM_NOT_FOUND } from '../diagrams/replies.js';
import { diagramsStore } from '../diagrams/store.js';
import { AppError, badRequest, notFound } from '../errors.js';
import { can } from '../../shared/policy/can.js';
import { collaboratorsStore } from './store.js';

const OWNER_ONLY = 'Only the owner can manage who this diagram is shared with.';

export function collaboratorRoutes(app: FastifyInstance, db: Db): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const collaborators = collaboratorsStore(db);
  const diagrams = diagramsStore(db);

  /** 404 for strangers; 403 for collaborators, who know the diagram exists. */
  async function assertOwner(actor: Actor, diagramId: number): Promise<void> {
    const opened = await diagrams.open(actor, diagramId);
    if (!opened) throw notFound(DIAGRAM_NOT_FOUND);
    if (!can(opened.access, 'manage-collaborators')) throw new AppError(403, OWNER_ONLY);
  }

  routes.get(
    '/api/diagrams/:id/collaborators',
    { schema: { params: idParams } },
    async (request) => {
      const user = await requireUser(db, request);
      await assertOwner(user, request.params.id);
      return collaborators.list(user, request.params.id);
    },
  );

  routes.post(
    '/api/diagrams/:id/collaborators',
    { schema: { params: idParams, body: addCollaboratorBody } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      await assertOwner(user, request.params.id);
      const { email, role } = request.body;
      if (user.email && email === user.email.toLowerCase()) {
        throw badRequest('You own this diagram; add someone else’s e-mail.');
      }
      const added = await collaborators.upsert(user, request.params.id, email, role);
      if (!added) throw notFound(DIAGRAM_NOT_FOUND);
      return reply.status(201).send(added);
    },
  );

  routes.delete(
    '/api/diagrams/:id/collaborators/:collaboratorId',
    { schema: { params: collaboratorParams } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      await assertOwner(user, request.params.id);
      if (!(await collaborators.remove(user, request.params.id, request.params.collaboratorId))) {
        throw notFound('Collaborator not found');
      }
      return reply.status(204).send();
    },
  );

  routes.get('/api/shared-with-me', async (request) => {
    const user = await requireUser(db, request);
    return collaborators.sharedWith(user);
  });
}
