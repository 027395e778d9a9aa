/**
 * /api/v1: a diagram's comments for a token's user, as the app's calls (comments/operations.ts
 * decides who may do what). Read-only tokens may only list them.
 */
import type { FastifyInstance } from 'fastify';
import {
  addCommentBody,
  commentParams,
  commentSchema,
  commentThreadSchema,
  COMMENT_BODY_MAX,
  COMMENTS_PER_DIAGRAM_MAX,
  errorBodySchema,
  idParams,
  updateCommentBody,
} from '../../shared/schemas.js';
import { z } from '../../shared/zod.js';
import {
  errorResponses,
  writeRefused,
  type PublicApiDeps,
  tokenRoutes,
  tokenSecurity,
} from './common.js';
import { tokenUser } from './token-access.js';
import type { ApiOperations } from './operations.js';

const notFoundAnswer = errorBodySchema.describe(
  'No such diagram of yours or shared with you (another user’s diagram answers the same), or no such comment on it.',
);
const tags = ['Comments'];

export function commentApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps,
  operations: ApiOperations,
): void {
  const { routes, reads, writes } = tokenRoutes(app, deps);

  routes.get(
    '/api/v1/diagrams/:id/comments',
    {
      ...reads,
      schema: {
        summary: "List a diagram's comments",
        description:
          'Every thread, oldest first: its first comment with `line` (the statement’s current 1-based line, or null once the statement was deleted) and its `replies`. The owner, editors and viewers may read them.',
        tags,
        security: tokenSecurity,
        params: idParams,
        response: { 200: z.array(commentThreadSchema), ...errorResponses, 404: notFoundAnswer },
      },
    },
    async (request) => operations.listComments(tokenUser(request), request.params.id),
  );

  routes.post(
    '/api/v1/diagrams/:id/comments',
    {
      ...writes,
      schema: {
        summary: 'Comment on a statement, or reply',
        description: `\`{ body, line }\` starts a thread on the statement at \`line\` (1-based: a message, participant, note or block line); \`{ body, parentId }\` replies to a thread. The body is plain text, 1 to ${COMMENT_BODY_MAX.toLocaleString('en')} characters; \`@name\` of a collaborator mentions them. At most ${COMMENTS_PER_DIAGRAM_MAX} comments a diagram. The owner, editors and viewers may comment.`,
        tags,
        security: tokenSecurity,
        params: idParams,
        body: addCommentBody,
        response: {
          201: commentSchema,
          ...errorResponses,
          403: writeRefused(),
          404: notFoundAnswer,
          409: errorBodySchema.describe(
            `The diagram has ${COMMENTS_PER_DIAGRAM_MAX} comments already.`,
          ),
        },
      },
    },
    async (request, reply) => {
      const comment = await operations.addComment(
        tokenUser(request),
        request.params.id,
        request.body,
      );
      return reply.status(201).send(comment);
    },
  );

  routes.patch(
    '/api/v1/diagrams/:id/comments/:commentId',
    {
      ...writes,
      schema: {
        summary: 'Edit a comment, or resolve or reopen a thread',
        description:
          '`{ body }` edits your own comment; `{ resolved }` resolves (true) or reopens (false) a thread by its first comment (owner or editor).',
        tags,
        security: tokenSecurity,
        params: commentParams,
        body: updateCommentBody,
        response: {
          200: commentSchema,
          ...errorResponses,
          403: writeRefused(
            'Only its author may edit a comment; only the owner and editors may resolve.',
          ),
          404: notFoundAnswer,
        },
      },
    },
    async (request) => {
      const { id, commentId } = request.params;
      return operations.updateComment(tokenUser(request), id, commentId, request.body);
    },
  );

  routes.delete(
    '/api/v1/diagrams/:id/comments/:commentId',
    {
      ...writes,
      schema: {
        summary: 'Delete a comment',
        description:
          'Deletes your own comment; a thread’s first comment takes its replies with it.',
        tags,
        security: tokenSecurity,
        params: commentParams,
        response: {
          204: z.null().describe('Deleted.'),
          ...errorResponses,
          403: writeRefused('Only its author may delete a comment.'),
          404: notFoundAnswer,
        },
      },
    },
    async (request, reply) => {
      const { id, commentId } = request.params;
      await operations.deleteComment(tokenUser(request), id, commentId);
      return reply.status(204).send(null);
    },
  );
}
