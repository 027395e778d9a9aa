/**
 * /api/v1: what a person does with a diagram beside editing it: list its versions, restore one,
 * share it by public link, move it to the trash. The work is operations.ts's, which the MCP
 * server shares; who may do what is the writer's and the stores' (shared/policy/can.ts).
 */
import type { FastifyInstance } from 'fastify';
import {
  apiDiagramSchema,
  apiSharingBody,
  apiSharingSchema,
  errorBodySchema,
  idParams,
} from '../../shared/schemas.js';
import { TRASH_DAYS, versionParams, versionSummarySchema } from '../../shared/versions.js';
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
  'No such diagram of yours or shared with you (another user’s diagram answers the same).',
);

export function diagramActionApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps,
  operations: ApiOperations,
): void {
  const { routes, reads, writes } = tokenRoutes(app, deps);

  routes.get(
    '/api/v1/diagrams/:id/versions',
    {
      ...reads,
      schema: {
        summary: "List a diagram's versions",
        description:
          'The versions History shows, newest first, without their text: id, kind, when, who saved it and its authors. Any role may list them.',
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        response: { 200: z.array(versionSummarySchema), ...errorResponses, 404: notFoundAnswer },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.listVersions(user, request.params.id);
    },
  );

  routes.post(
    '/api/v1/diagrams/:id/versions/:versionId/restore',
    {
      ...writes,
      schema: {
        summary: 'Restore a version',
        description:
          "Makes the version's title and text current, as History's Restore does: one edit of the live document, recorded as a new version (owner or editor).",
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: versionParams,
        response: {
          200: apiDiagramSchema.describe('The diagram as restored.'),
          ...errorResponses,
          403: writeRefused('You may view the diagram but not change it.'),
          404: errorBodySchema.describe(
            'No such diagram of yours or shared with you, or no such version of it.',
          ),
          413: errorBodySchema.describe('The text is over the limit of the live document.'),
        },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      const { id, versionId } = request.params;
      return operations.restoreVersion(user, id, versionId);
    },
  );

  routes.put(
    '/api/v1/diagrams/:id/sharing',
    {
      ...writes,
      schema: {
        summary: 'Share by public link, or stop sharing',
        description:
          'Turns the public (view-only) link on or off, as the Share dialog does, and answers the link. The owner only.',
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        body: apiSharingBody,
        response: {
          200: apiSharingSchema,
          ...errorResponses,
          403: writeRefused('Only the owner may share the diagram.'),
          404: notFoundAnswer,
        },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.setSharing(user, request.params.id, request.body.isPublic);
    },
  );

  routes.delete(
    '/api/v1/diagrams/:id',
    {
      ...writes,
      schema: {
        summary: 'Move a diagram to the trash',
        description: `Moves the diagram to Recently deleted, where it can be restored for ${TRASH_DAYS} days. The owner only.`,
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        response: {
          204: z.null().describe('Moved to the trash.'),
          ...errorResponses,
          403: writeRefused('Only the owner may delete the diagram.'),
          404: notFoundAnswer,
        },
      },
    },
    async (request, reply) => {
      const user = tokenUser(request);
      await operations.trashDiagram(user, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
