/**
 * What a bearer token may call, decided in one place. Every route of /api/v1 and /mcp declares
 * what it does with the token (`config.tokenAccess`); a route without a declaration stops the app
 * from starting. Before the body is read, one hook resolves the token once (401 as every call has
 * it) and refuses a read-only token on a route that writes (403); handlers take the owner from
 * here. /mcp lets any token in and its tools decide (mcp/tool-access.ts).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { TokenScope, User } from '../../shared/schemas.js';
import { bearerToken, readOnlyRefusal, requireTokenOwner } from '../api-tokens/bearer.js';
import type { TokenOwner } from '../api-tokens/store.js';
import { AppError } from '../errors.js';
import type { PublicApiDeps } from './common.js';

/**
 * `reads`: any token (reads and draws, changes nothing); `writes`: full-access tokens only;
 * `per-tool`: any token, each MCP tool declares its own; `no-token`: public, no token looked at.
 */
export const TOKEN_ACCESS = ['reads', 'writes', 'per-tool', 'no-token'] as const;
export type TokenAccess = (typeof TOKEN_ACCESS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route does with a bearer token (public-api/token-access.ts). */
    tokenAccess?: TokenAccess;
    /** An assistant's OAuth access token is taken too, and a 401 says where to get one (/mcp). */
    assistantTokens?: boolean;
  }
}

/** The paths that must declare their access: the token API and the MCP endpoint. */
export const isTokenPath = (url: string) =>
  url === '/api/v1' || url.startsWith('/api/v1/') || url === '/mcp';

/** Whether a token of `scope` may call a route of `access` (read-only tokens never write). */
export const scopeAllows = (scope: TokenScope, access: TokenAccess) =>
  scope === 'full' || access !== 'writes';

const owners = new WeakMap<FastifyRequest, TokenOwner>();

function declared(route: RouteOptions): void {
  const access = route.config?.tokenAccess;
  if (!isTokenPath(route.url) || (access && TOKEN_ACCESS.includes(access))) return;
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(
    `${methods} ${route.url} must declare config.tokenAccess (${TOKEN_ACCESS.join(', ')}): what may a read-only API token do here?`,
  );
}

/**
 * RFC 6750 / RFC 9728: a 401 of a route that takes assistants' tokens names the protected
 * resource metadata, where an assistant finds the authorization server.
 */
export function bearerChallenge(resourceMetadataUrl: string, tokenSent: boolean): string {
  const error = tokenSent ? ', error="invalid_token"' : '';
  return `Bearer resource_metadata="${resourceMetadataUrl}"${error}`;
}

/** Installs the declaration check and the token gate on the public API's plugin scope. */
export function tokenAccessGate(
  api: FastifyInstance,
  deps: Pick<PublicApiDeps, 'tokens' | 'failedAuths' | 'assistants'>,
): void {
  const { tokens, assistants } = deps;
  // The personal token first, then an assistant's (their prefixes differ: one look-up runs).
  const eitherToken = assistants && {
    findOwner: async (token: string) =>
      (await tokens.findOwner(token)) ?? assistants.findOwner(token),
  };
  api.addHook('onRoute', declared);
  // preParsing: after the per-token limit (onRequest), before a body is read or validated.
  api.addHook('preParsing', async (request, reply, payload) => {
    const { tokenAccess: access, assistantTokens } = request.routeOptions.config;
    if (!access || access === 'no-token') return payload;
    const oauth = assistantTokens && eitherToken ? eitherToken : null;
    let owner: TokenOwner;
    try {
      owner = await requireTokenOwner(oauth ?? tokens, deps.failedAuths, request, reply);
    } catch (error) {
      if (oauth && assistants && error instanceof AppError && error.statusCode === 401) {
        const sent = bearerToken(request) !== null;
        reply.header('WWW-Authenticate', bearerChallenge(assistants.resourceMetadataUrl, sent));
      }
      throw error;
    }
    if (!scopeAllows(owner.scope, access)) throw readOnlyRefusal();
    owners.set(request, owner);
    return payload;
  });
}

/** The token's owner and scope on a route the gate let through. */
export function tokenOwner(request: FastifyRequest): TokenOwner {
  const owner = owners.get(request);
  // Only a route that declared no-token (or none) gets here without one: a bug, not a caller's.
  if (!owner) throw new Error(`${request.method} ${request.url}: no token owner (tokenAccess?)`);
  return owner;
}

export const tokenUser = (request: FastifyRequest): User => tokenOwner(request).user;
