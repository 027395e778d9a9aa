/** What every /api/v1 route file shares: its dependencies, the per-token limit and the error answers. */
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { errorBodySchema, type User } from '../../shared/schemas.js';
import { requireTokenUser } from '../api-tokens/bearer.js';
import type { ApiTokensStore } from '../api-tokens/store.js';
import type { Db } from '../db/client.js';
import type { FailedAuthGuard } from '../limits/address-limits.js';

export interface PublicApiDeps {
  db: Db;
  tokens: ApiTokensStore;
  /** Where links point: PUBLIC_URL, else the address the server was started for. */
  siteOrigin: string;
  /** The per-token call limit, one bucket for every /api/v1 route and /mcp (limits/). */
  perToken: onRequestHookHandler;
  /** Invalid tokens per client address. */
  failedAuths: FailedAuthGuard;
}

/** The bearer token's owner (401 and the failed-auth limit as every /api/v1 call has them). */
export const tokenUserOf =
  (deps: Pick<PublicApiDeps, 'tokens' | 'failedAuths'>) =>
  (request: FastifyRequest, reply: FastifyReply): Promise<User> =>
    requireTokenUser(deps.tokens, deps.failedAuths, request, reply);

/** The options every token route starts with: the token's one bucket of calls. */
export const limitedPerToken = (deps: Pick<PublicApiDeps, 'perToken'>) => ({
  onRequest: deps.perToken,
});

export const errorResponses = {
  400: errorBodySchema.describe('The body is invalid; the message names the field.'),
  401: errorBodySchema.describe('The API token is missing or wrong.'),
  429: errorBodySchema.describe(
    'Too many calls with this token, or with invalid tokens from this address; see the Retry-After header.',
  ),
};
