/**
 * Limits that span several routes (per client address, per API token), on the same counter
 * store as the route limits (Redis, PostgreSQL or memory). @fastify/rate-limit counts each
 * route's limit apart, so a bucket several routes share is made once here and handed to each of
 * them.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { bearerKey } from '../api-tokens/bearer.js';
import { AppError } from '../errors.js';

const MINUTE = 60_000;

/**
 * One bucket per address for every public-link look-up (/api/diagrams/shared/…, /d/…, its .png
 * and .svg), so guessing share tokens costs the same whichever route it goes through.
 */
export function shareLookupLimit(app: FastifyInstance, perMinute: number): onRequestHookHandler {
  return app.rateLimit({
    max: perMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `share-lookup:${request.ip}`,
  });
}

/**
 * One bucket per API token for every /api/v1 route and /mcp: the documented calls a minute are
 * a token's, whichever routes it spreads them over. Keyed by the token's hash (an address when a
 * call has no token, which is answered 401 anyway).
 */
export function tokenLimit(app: FastifyInstance, perMinute: number): onRequestHookHandler {
  return app.rateLimit({
    max: perMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `api-token:${bearerKey(request)}`,
  });
}

export interface FailedAuthGuard {
  /** Refuses (429 with Retry-After) an address that failed too often, before any token check. */
  check(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one failed authentication from the request's address. */
  failed(request: FastifyRequest): Promise<void>;
}

/**
 * Failed bearer authentications per address: the per-token limit keys on the token itself, so
 * made-up tokens would each start a fresh count. While an address is over its allowance even a
 * valid token is refused, so the answer tells a guesser nothing.
 */
export function failedAuthGuard(app: FastifyInstance, perMinute: number): FailedAuthGuard {
  const counter = app.createRateLimit({
    max: perMinute,
    timeWindow: MINUTE,
    keyGenerator: (request) => `failed-auth:${request.ip}`,
  });
  return {
    async check(request, reply) {
      const state = await counter(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return;
      reply.header('Retry-After', String(Math.max(1, state.ttlInSeconds)));
      throw new AppError(
        429,
        `Too many requests with an invalid API token from your address. Try again in ${Math.max(1, state.ttlInSeconds)} seconds.`,
      );
    },
    async failed(request) {
      await counter(request);
    },
  };
}

/**
 * The OAuth endpoints' budgets per client address: dynamic registrations per hour (each one is a
 * stored row, so a stranger may make few), and authorize, token and revoke calls per minute in
 * one bucket.
 */
export function oauthAddressLimits(
  app: FastifyInstance,
  limits: { registrationsPerHour: number; requestsPerMinute: number },
): { registrations: onRequestHookHandler; requests: onRequestHookHandler } {
  return {
    registrations: app.rateLimit({
      max: limits.registrationsPerHour,
      timeWindow: 60 * MINUTE,
      keyGenerator: (request) => `oauth-register:${request.ip}`,
    }),
    requests: app.rateLimit({
      max: limits.requestsPerMinute,
      timeWindow: MINUTE,
      keyGenerator: (request) => `oauth:${request.ip}`,
    }),
  };
}
