/** POST /api/v1/diagrams: create a diagram with an API token. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiCreateDiagramBody, apiDiagramSchema, errorBodySchema } from '../../shared/schemas.js';
import { requireTokenUser } from '../api-tokens/bearer.js';
import { diagramWriter } from '../diagrams/writer.js';
import { errorResponses, rateLimitPerToken, type PublicApiDeps } from './common.js';
import { notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/replies.js';
import { foldersStore } from '../folders/store.js';

export function diagramApiRoutes(app: FastifyInstance, deps: PublicApiDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const diagrams = diagramWriter(deps.db);
  const folders = foldersStore(deps.db);

  routes.post(
    '/api/v1/diagrams',
    {
      config: rateLimitPerToken(deps.perMinute),
      schema: {
        summary: 'Create a diagram',
        description:
          'Saves a diagram in your Lifeline account and answers it with the address that opens it in the editor.',
        tags: ['Diagrams'],
        security: [{ bearerAuth: [] }],
        body: apiCreateDiagramBody,
        response: {
          201: apiDiagramSchema.describe('The created diagram.'),
          ...errorResponses,
          404: errorBodySchema.describe('The folder does not exist or is not yours.'),
        },
      },
    },
    async (request, reply) => {
      const user = await requireTokenUser(deps.tokens, deps.failedAuths, request, reply);
      const { folderId } = request.body;
      if (folderId != null && !(await folders.owns(user.id, folderId))) {
        throw notFound(FOLDER_NOT_FOUND);
      }
      const diagram = await diagrams.create(user, request.body);
      const url = `${deps.siteOrigin}/?diagramId=${diagram.id}`;
      return reply.status(201).send({ ...diagram, url });
    },
  );
}
