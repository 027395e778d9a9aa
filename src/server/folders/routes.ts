/** The folder calls of spec §7. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFolderBody, idParams, updateFolderBody } from '../../shared/schemas.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from './replies.js';
import { foldersStore } from './store.js';

export function folderRoutes(app: FastifyInstance, db: Db): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const folders = foldersStore(db);

  routes.get('/api/folders', async (request) => {
    const user = await requireUser(db, request);
    return folders.list(user.id);
  });

  routes.post('/api/folders', { schema: { body: createFolderBody } }, async (request, reply) => {
    const user = await requireUser(db, request);
    return reply.status(201).send(await folders.create(user.id, request.body.name));
  });

  routes.put(
    '/api/folders/:id',
    { schema: { params: idParams, body: updateFolderBody } },
    async (request) => {
      const user = await requireUser(db, request);
      const folder = await folders.update(user.id, request.params.id, request.body);
      if (!folder) throw notFound(FOLDER_NOT_FOUND);
      return folder;
    },
  );

  routes.delete('/api/folders/:id', { schema: { params: idParams } }, async (request, reply) => {
    const user = await requireUser(db, request);
    if (!(await folders.remove(user.id, request.params.id))) throw notFound(FOLDER_NOT_FOUND);
    return reply.status(204).send();
  });
}
