/** GET /api/diagrams/{id}/diff: what changed between two versions, for History. Parse → call → reply. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { versionDiffQuery } from '../../shared/diagram-diff/schema.js';
import { idParams } from '../../shared/schemas.js';
import { requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import type { Renderer } from '../chromium-render/renderer.js';
import { versionDiffs } from './diff.js';

export function versionDiffRoutes(app: FastifyInstance, db: Db, renderer: Renderer): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const diffs = versionDiffs(db, renderer);

  routes.get(
    '/api/diagrams/:id/diff',
    { schema: { params: idParams, querystring: versionDiffQuery } },
    async (request, typedReply) => {
      // The typed reply knows JSON bodies only; the drawing is sent untyped.
      const reply = typedReply as FastifyReply;
      const user = await requireUser(db, request);
      const { id } = request.params;
      const versions = await diffs.pair(user, id, request.query);
      if (request.query.format === 'json') return diffs.reply(id, versions);
      const caller = { key: `user:${user.id}`, scope: `user:${user.id}` };
      return diffs.send(reply, versions, request.query.theme, caller);
    },
  );
}
