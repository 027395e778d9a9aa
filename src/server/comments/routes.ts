/**
 * The app's comment calls (session cookie): a diagram's threads, adding, editing, resolving and
 * deleting comments, and the signed-in user's mentions. The rules are operations.ts's; changes
 * are limited per user (commentWritesPerMinute).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addCommentBody,
  commentParams,
  idParams,
  updateCommentBody,
} from '../../shared/schemas.js';
import { currentUser, requireUser } from '../auth/current-user.js';
import type { Db } from '../db/client.js';
import type { CommentOperations } from './operations.js';

export function commentRoutes(
  app: FastifyInstance,
  db: Db,
  operations: CommentOperations,
  limits: { commentWritesPerMinute: number },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted per user, as imports are: another tab or address buys no more.
  const perUser = {
    config: {
      rateLimit: {
        max: limits.commentWritesPerMinute,
        timeWindow: 60_000,
        keyGenerator: async (request: FastifyRequest) => {
          const user = await currentUser(db, request);
          return user ? `comments:user:${user.id}` : `comments:ip:${request.ip}`;
        },
      },
    },
  };

  routes.get('/api/diagrams/:id/comments', { schema: { params: idParams } }, async (request) => {
    const user = await requireUser(db, request);
    return operations.list(user, request.params.id);
  });

  routes.post(
    '/api/diagrams/:id/comments',
    { ...perUser, schema: { params: idParams, body: addCommentBody } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      return reply.status(201).send(await operations.add(user, request.params.id, request.body));
    },
  );

  routes.patch(
    '/api/diagrams/:id/comments/:commentId',
    { ...perUser, schema: { params: commentParams, body: updateCommentBody } },
    async (request) => {
      const user = await requireUser(db, request);
      const { id, commentId } = request.params;
      return operations.update(user, id, commentId, request.body);
    },
  );

  routes.delete(
    '/api/diagrams/:id/comments/:commentId',
    { ...perUser, schema: { params: commentParams } },
    async (request, reply) => {
      const user = await requireUser(db, request);
      await operations.remove(user, request.params.id, request.params.commentId);
      return reply.status(204).send();
    },
  );

  routes.get('/api/mentions', async (request) => {
    const user = await requireUser(db, request);
    return operations.mentions(user);
  });
}
