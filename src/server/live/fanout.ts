/**
 * How live edits reach the other instances: @hocuspocus/extension-redis when Redis is
 * configured (its own pub/sub clients, keys under the deployment's prefix), else PostgreSQL NOTIFY.
 */
import type { Extension } from '@hocuspocus/server';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { RedisLimits } from '../limits/backend.js';
import { notifyFanout } from './notify-fanout.js';

export async function liveFanout(
  app: FastifyInstance,
  database: Database,
  redis: RedisLimits | null,
): Promise<Extension[]> {
  if (redis) {
    // Loaded only where Redis is configured: a single instance never pays for its clients.
    const { Redis: RedisExtension } = await import('@hocuspocus/extension-redis');
    const url = new URL(redis.url);
    const extension = new RedisExtension({
      host: url.hostname,
      port: Number(url.port || 6379),
      options: {
        username: url.username || undefined,
        password: url.password ? decodeURIComponent(url.password) : undefined,
        db: Number(url.pathname.slice(1) || 0),
        tls: url.protocol === 'rediss:' ? {} : undefined,
      },
      prefix: `${redis.keyPrefix}live`,
    });
    // ioredis reconnects by itself; an outage is reported by the limits' own client.
    for (const client of [extension.pub, extension.sub]) client.on('error', () => undefined);
    app.addHook('onClose', async () => {
      try {
        await extension.onDestroy();
      } catch {
        // Redis is already gone (its lock client cannot say goodbye): just drop the sockets.
        extension.pub.disconnect(false);
        extension.sub.disconnect(false);
      }
    });
    return [extension];
  }
  const fanout = await notifyFanout(database);
  app.addHook('onClose', fanout.stop);
  return [fanout.extension];
}
