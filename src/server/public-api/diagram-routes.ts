/** POST /api/v1/diagrams: create a diagram with an API token. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiCreateDiagramBody, apiDiagramSchema, errorBodySchema } from '../../shared/schemas.js';
import { bearerKey, requireTokenUser } from '../api-tokens/bearer.js';
import type { ApiTokensStore } from '../api-tokens/store.js';
import type { Db } from '../db/client.js';
import type { FailedAuthGuard } from '../limits/address-limits.js';
import { diagramsStore } from '../diagrams/store.js';
import { notFound } from '../errors.js';
import { FOLDER_NOT_FOUND } from '../folders/routes.js';
import { foldersStore } from '../folders/store.js';

export interface PublicApiDeps {
  db: Db;
  tokens: ApiTokensStore;
  /** Where links point: PUBLIC_URL, else the address the server was started for. */
  siteOrigin: string;
  /** Calls per token per minute, for each /api/v1 call. */
  perMinute: number;
  /** Invalid tokens per client address. */
  failedAuths: FailedAuthGuard;
}

export const rateLimitPerToken = (perMinute: number) => ({
  rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: bearerKey },
});

export const errorResponses = {
  400: errorBodySchema.describe('The body is invalid; the message names the field.'),
  401: errorBodySchema.describe('The API token is missing or wrong.'),
  429: errorBodySchema.describe(
    'Too many calls with this token, or with invalid tokens from this address; see the Retry-After header.',
  ),
};

export function diagramApiRoutes(app: FastifyInstance, deps: PublicApiDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const diagrams = diagramsStore(deps.db);
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
