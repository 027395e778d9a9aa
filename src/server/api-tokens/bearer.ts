/** The user behind `Authorization: Bearer <token>` on /api/v1 calls. */
import type { FastifyRequest } from 'fastify';
import type { User } from '../../shared/schemas.js';
import { AppError } from '../errors.js';
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

export async function requireTokenUser(
  tokens: ApiTokensStore,
  request: FastifyRequest,
): Promise<User> {
  const token = bearerToken(request);
  if (!token) throw new AppError(401, MISSING_TOKEN);
  const user = await tokens.findUser(token);
  if (!user) throw new AppError(401, INVALID_TOKEN);
  return user;
}
