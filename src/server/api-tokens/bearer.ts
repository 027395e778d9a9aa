/** The user behind `Authorization: Bearer <token>` on /api/v1 calls. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../shared/schemas.js';
import { AppError } from '../errors.js';
import type { FailedAuthGuard } from '../limits/address-limits.js';
import type { ApiTokensStore } from './store.js';
import { hashApiToken } from './token-crypto.js';

export const MISSING_TOKEN =
  'Missing API token. Send it as the header Authorization: Bearer <your token> (find it under API Token in Lifeline).';
export const INVALID_TOKEN =
  'Invalid API token. It may have been regenerated; copy the current one from API Token in Lifeline.';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** Rate-limit key: the token's hash, so limits follow the token, not the caller's address. */
export function bearerKey(request: FastifyRequest): string {
  const token = bearerToken(request);
  return token ? `token:${hashApiToken(token)}` : `ip:${request.ip}`;
}

/**
 * The token's owner, or 401. An address that sent too many invalid tokens is refused before its
 * token is looked at; a missing token is a mistake, not a guess, and is not counted.
 */
export async function requireTokenUser(
  tokens: ApiTokensStore,
  failedAuths: FailedAuthGuard,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User> {
  const token = bearerToken(request);
  if (!token) throw new AppError(401, MISSING_TOKEN);
  await failedAuths.check(request, reply);
  const user = await tokens.findUser(token);
  if (!user) {
    await failedAuths.failed(request);
    throw new AppError(401, INVALID_TOKEN);
  }
  return user;
}
