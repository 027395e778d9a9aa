/**
 * The Redis connection behind shared rate limits. Tuned so an unreachable Redis never holds a
 * request: no offline queue (a command fails at once while disconnected), short connect and
 * command timeouts, and reconnection in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export const REDIS_CONNECT_TIMEOUT_MS = 1000;
export const REDIS_COMMAND_TIMEOUT_MS = 500;

export function redisClient(url: string, log: FastifyBaseLogger): Redis {
  const client = new Redis(url, {
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
    lazyConnect: true,
  });
  // One line per outage, not one per reconnection attempt; an unhandled 'error' would crash.
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'Redis unreachable: rate limits are not enforced until it is back');
  });
  client.on('ready', () => {
    if (down) log.info('Redis reachable again: rate limits enforced');
    down = false;
  });
  return client;
}

/** Connects, waiting at most the connect timeout; the app starts either way. */
export async function connectRedis(client: Redis): Promise<boolean> {
  // Not events.once: it rejects on the first 'error', but a failed attempt is retried.
  const ready = new Promise<boolean>((resolve) => {
    client.once('ready', () => resolve(true));
    setTimeout(() => resolve(false), REDIS_CONNECT_TIMEOUT_MS * 2).unref();
  });
  client.connect().catch(() => undefined); // failures arrive as 'error' events and retries
  return ready;
}
