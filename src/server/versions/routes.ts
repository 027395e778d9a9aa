/** Version history of a diagram: list, read one (store), restore one (writer). Parse → call → reply. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../../shared/schemas.js';
import { versionParams } from '../../shared/versions.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import { DIAGRAM_NOT_FOUND, replyToUpdate } from '../diagrams/replies.js';
import type { DiagramWriter } from '../diagrams/writer.js';
import { notFound } from '../errors.js';
import { VERSION_NOT_FOUND } from './diff.js';
import { versionsStore } from './store.js';

export function versionRoutes(app: FastifyInstance, db: Db, writer: DiagramWriter): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const versions = versionsStore(db);

  routes.get('/api/diagrams/:id/versions', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(db, request);
    const list = await versions.list(user, request.params.id);
    if (!list) throw notFound(DIAGRAM_NOT_FOUND);
    return list;
  });

  routes.get(
    '/api/diagrams/:id/versions/:versionId',
    { schema: { params: versionParams } },
    async (request) => {
      const user = await requireUser(db, request);
      const { id, versionId } = request.params;
      const version = await versions.get(user, id, versionId);
      if (version === 'no-diagram') throw notFound(DIAGRAM_NOT_FOUND);
      if (version === 'no-version') throw notFound(VERSION_NOT_FOUND);
      return version;
    },
  );

  routes.post(
    '/api/diagrams/:id/versions/:versionId/restore',
    { schema: { params: versionParams } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      const { id, versionId } = request.params;
      const result = await writer.restore(user, id, versionId);
      if (result.status === 'no-version') throw notFound(VERSION_NOT_FOUND);
      return replyToUpdate(result, reply);
    },
  );
}
