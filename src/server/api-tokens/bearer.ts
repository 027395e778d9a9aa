/** The user behind `Authorization: Bearer <token>` on /api/v1 calls. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { FailedAuthGuard } from '../limits/address-limits.js';
import type { ApiTokensStore, TokenOwner } from './store.js';
import { hashApiToken } from './token-crypto.js';

export const MISSING_TOKEN =
  'Missing API token. Send it as the header Authorization: Bearer <your token> (find it under API Token in Lifeline).';
export const INVALID_TOKEN =
  'Invalid API token. It may have been regenerated; copy the current one from API Token in Lifeline.';
export const READ_ONLY_TOKEN =
  'This API token is read-only: it may read and draw diagrams but not change anything. To make changes, regenerate it with full access under API Token in Lifeline.';

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
 * The token's owner and scope, or 401. An address that sent too many invalid tokens is refused before its
 * token is looked at; a missing token is a mistake, not a guess, and is not counted.
 */
export async function requireTokenOwner(
  tokens: Pick<ApiTokensStore, 'findOwner'>,
  failedAuths: FailedAuthGuard,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<TokenOwner> {
  const token = bearerToken(request);
  if (!token) throw new AppError(401, MISSING_TOKEN);
  await failedAuths.check(request, reply);
  const owner = await tokens.findOwner(token);
  if (!owner) {
    await failedAuths.failed(request);
    throw new AppError(401, INVALID_TOKEN);
  }
  return owner;
}

/** A read-only token's refusal of a change (403: the token is known, it may not do this). */
export const readOnlyRefusal = () => new AppError(403, READ_ONLY_TOKEN);
