/** What every /api/v1 route file shares: its dependencies, the per-token limit and the error answers. */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/schemas.js';
import type { ApiTokensStore } from '../api-tokens/store.js';
import type { Db } from '../db/client.js';
import type { FailedAuthGuard } from '../limits/address-limits.js';
import type { AssistantTokens } from '../oauth/index.js';
import type { TokenAccess } from './token-access.js';

export interface PublicApiDeps {
  db: Db;
  tokens: ApiTokensStore;
  /** Where links point: PUBLIC_URL, else the address the server was started for. */
  siteOrigin: string;
  /** The per-token call limit, one bucket for every /api/v1 route and /mcp (limits/). */
  perToken: onRequestHookHandler;
  /** Invalid tokens per client address. */
  failedAuths: FailedAuthGuard;
  /** Assistants' OAuth access tokens, taken on /mcp only; null when OAuth is off. */
  assistants: AssistantTokens | null;
}

/**
 * The options every token route starts with: the token's one bucket of calls, and what the route
 * does with the token (token-access.ts refuses a read-only token on a route that `writes`).
 */
export const limitedPerToken = (deps: Pick<PublicApiDeps, 'perToken'>, access: TokenAccess) => ({
  onRequest: deps.perToken,
  config: { tokenAccess: access },
});

/** The OpenAPI security of every token route: the bearer token (openapi.ts names the scheme). */
export const tokenSecurity = [{ bearerAuth: [] }];

/** A route file's start: typed routes, and the options of its reads and of its writes. */
export function tokenRoutes(app: FastifyInstance, deps: Pick<PublicApiDeps, 'perToken'>) {
  return {
    routes: app.withTypeProvider<ZodTypeProvider>(),
    reads: limitedPerToken(deps, 'reads'),
    writes: limitedPerToken(deps, 'writes'),
  };
}

/** The 403 of a route that writes: a read-only token (and `also`, the route's own refusals). */
export const writeRefused = (also?: string) =>
  errorBodySchema.describe(
    also ? `${also} Or the API token is read-only.` : 'The API token is read-only.',
  );

export const errorResponses = {
  400: errorBodySchema.describe('The body is invalid; the message names the field.'),
  401: errorBodySchema.describe('The API token is missing or wrong.'),
  429: errorBodySchema.describe(
    'Too many calls with this token, or with invalid tokens from this address; see the Retry-After header.',
  ),
};
