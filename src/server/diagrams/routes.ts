/**
 * The diagram calls of spec §7. Parse → store (reads) or writer (writes), both scoped to the
 * acting user → reply.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createDiagramBody,
  type Diagram,
  type DiagramWithActions,
  idParams,
  listDiagramsQuery,
  updateDiagramBody,
} from '../../shared/schemas.js';
import { actionsOf } from '../../shared/policy/can.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import { foldersStore } from '../folders/store.js';
import { DIAGRAM_NOT_FOUND, replyToSave, trashOrRefuse } from './replies.js';
import { diagramsStore } from './store.js';
import type { DiagramWriter } from './writer.js';

export interface DiagramRouteHooks {
  /** A diagram was just made public (the share page's images can be drawn ahead of visitors). */
  published?: (diagram: Diagram) => void;
}

export function diagramRoutes(
  app: FastifyInstance,
  db: Db,
  writer: DiagramWriter,
  hooks: DiagramRouteHooks = {},
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const diagrams = diagramsStore(db);
  const folders = foldersStore(db);

  async function assertFolder(userId: number, folderId: number | null | undefined) {
    if (folderId != null && !(await folders.owns(userId, folderId))) {
      throw notFound(FOLDER_NOT_FOUND);
    }
  }

  routes.get('/api/diagrams', { schema: { querystring: listDiagramsQuery } }, async (request) => {
    const user = await requireUser(db, request);
    return request.query.view === 'summary' ? diagrams.listSummaries(user) : diagrams.list(user);
  });

  routes.get('/api/diagrams/:id', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(db, request);
    await writer.settle(request.params.id);
    const diagram = await diagrams.open(user, request.params.id);
    if (!diagram) throw notFound(DIAGRAM_NOT_FOUND);
    // The app offers what the caller may do from the same table the server will check.
    return { ...diagram, actions: actionsOf(diagram.access) } satisfies DiagramWithActions;
  });

  routes.post('/api/diagrams', { schema: { body: createDiagramBody } }, async (request, reply) => {
    const user = await requireUser(db, request);
    await assertFolder(user.id, request.body.folderId);
    return reply.status(201).send(await writer.create(user, request.body));
  });

  routes.put(
    '/api/diagrams/:id',
    { schema: { params: idParams, body: updateDiagramBody } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      const { updatedAt, saveKind, ...patch } = request.body;
      const expected = updatedAt ? new Date(updatedAt) : null;
      const result = await writer.edit(user, request.params.id, patch, expected, saveKind);
      if (result.status === 'updated' && patch.isPublic === true) hooks.published?.(result.diagram);
      return replyToSave(result, reply);
    },
  );

  routes.delete('/api/diagrams/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(db, request);
    await trashOrRefuse(writer, diagrams, user, request.params.id);
    return reply.status(204).send();
  });
}
