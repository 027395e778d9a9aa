/**
 * Where rate-limit counters live. Redis when REDIS_URL is set; otherwise the PostgreSQL the app
 * already uses, so several instances count together; in memory for the embedded database, which
 * only one process can open. Every backend fails open: if the counter store cannot answer, the
 * request goes through (and Redis outages are logged), since a limit is a brake on abuse, not the
 * thing that keeps data safe, and an outage of it must not take sign-in or the API down.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { pgRateLimitStore } from './pg-store.js';

export interface RedisLimits {
  url: string;
  /** Namespace of this deployment's keys, so several may share one Redis. */
  keyPrefix: string;
}

export interface RateLimitBackend {
  kind: 'redis' | 'postgres' | 'memory';
  options: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'store' | 'skipOnError'>;
  close(): Promise<void>;
}

export const DEFAULT_REDIS_KEY_PREFIX = 'lifeline:rate-limit:';

export async function rateLimitBackend(
  database: Database,
  redis: RedisLimits | null,
  log: FastifyBaseLogger,
): Promise<RateLimitBackend> {
  if (redis) {
    // Loaded only where Redis is configured: a single instance never pays for its client.
    const { connectRedis, redisClient } = await import('./redis-client.js');
    const client = redisClient(redis.url, log);
    await connectRedis(client);
    return {
      kind: 'redis',
      options: { redis: client, nameSpace: redis.keyPrefix, skipOnError: true },
      async close() {
        client.disconnect();
      },
    };
  }
  if (database.kind === 'postgres') {
    return {
      kind: 'postgres',
      options: { store: pgRateLimitStore(database.db), skipOnError: true },
      close: async () => undefined,
    };
  }
  return { kind: 'memory', options: { skipOnError: true }, close: async () => undefined };
}
