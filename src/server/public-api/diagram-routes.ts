/**
 * /api/v1/diagrams and /api/v1/folders: list, search, read, create, change and move diagrams with
 * an API token. The work is operations.ts's, which the MCP server shares.
 */
import type { FastifyInstance } from 'fastify';
import { z } from '../../shared/zod.js';
import {
  apiCreateDiagramBody,
  apiDiagramSchema,
  apiListDiagramsQuery,
  apiOpenedDiagramSchema,
  apiUpdateDiagramBody,
  diagramSummarySchema,
  errorBodySchema,
  folderSchema,
  idParams,
} from '../../shared/schemas.js';
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
  'No such diagram of yours or shared with you (another user’s diagram answers the same), or the folder is not yours.',
);

export function diagramApiRoutes(
  app: FastifyInstance,
  deps: PublicApiDeps,
  operations: ApiOperations,
): void {
  const { routes, reads, writes } = tokenRoutes(app, deps);

  routes.get(
    '/api/v1/diagrams',
    {
      ...reads,
      schema: {
        summary: 'List or search your diagrams',
        description:
          'Your own diagrams, newest first, without their text; with `q`, only those whose title or text contains it (any case).',
        tags: ['Diagrams'],
        security: tokenSecurity,
        querystring: apiListDiagramsQuery,
        response: { 200: z.array(diagramSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.listDiagrams(user, request.query.q);
    },
  );

  routes.get(
    '/api/v1/diagrams/:id',
    {
      ...reads,
      schema: {
        summary: 'Read a diagram',
        description:
          'A diagram you own or that is shared with you, with its text as open editors have it and your access (owner, editor or viewer).',
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        response: { 200: apiOpenedDiagramSchema, ...errorResponses, 404: notFoundAnswer },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.readDiagram(user, request.params.id);
    },
  );

  routes.post(
    '/api/v1/diagrams',
    {
      ...writes,
      schema: {
        summary: 'Create a diagram',
        description:
          'Saves a diagram in your Lifeline account and answers it with the address that opens it in the editor.',
        tags: ['Diagrams'],
        security: tokenSecurity,
        body: apiCreateDiagramBody,
        response: {
          201: apiDiagramSchema.describe('The created diagram.'),
          ...errorResponses,
          403: writeRefused(),
          404: errorBodySchema.describe('The folder does not exist or is not yours.'),
          413: errorBodySchema.describe('The text is over the limit of a live document.'),
        },
      },
    },
    async (request, reply) => {
      const user = tokenUser(request);
      return reply.status(201).send(await operations.createDiagram(user, request.body));
    },
  );

  routes.put(
    '/api/v1/diagrams/:id',
    {
      ...writes,
      schema: {
        summary: 'Change or move a diagram',
        description:
          'A new title or text is one edit of the live document: editors that have the diagram open see it at once, and History records you as its author. `folderId` moves the diagram (owner only).',
        tags: ['Diagrams'],
        security: tokenSecurity,
        params: idParams,
        body: apiUpdateDiagramBody,
        response: {
          200: apiDiagramSchema.describe('The changed diagram.'),
          ...errorResponses,
          403: writeRefused('You may read the diagram but not make this change.'),
          404: notFoundAnswer,
          409: errorBodySchema.describe('The diagram was changed after `updatedAt`.'),
          413: errorBodySchema.describe('The text is over the limit of the live document.'),
        },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.updateDiagram(user, request.params.id, request.body);
    },
  );

  routes.get(
    '/api/v1/folders',
    {
      ...reads,
      schema: {
        summary: 'List your folders',
        description: 'Your folders in the order the sidebar shows them.',
        tags: ['Diagrams'],
        security: tokenSecurity,
        response: { 200: z.array(folderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const user = tokenUser(request);
      return operations.listFolders(user);
    },
  );
}
