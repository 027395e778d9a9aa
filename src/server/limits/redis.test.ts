import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket, connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openPglite } from '../../../test/support/databases.js';
import { testApp } from '../../../test/support/app.js';
import { describeIf, redisSkip, TEST_REDIS_URL } from '../../../test/support/needs.js';

// The Redis server CI provides; without one the suite shows as skipped with the reason.
const REDIS_URL = TEST_REDIS_URL;
const redisMissing = await redisSkip();
const limits = { shareLookupsPerMinute: 3 };
const lookUp = (app: FastifyInstance) =>
  app.inject({ method: 'GET', url: '/api/diagrams/shared/CCCCCCCCCCCCCCCCCCCCCCCC' });

/** A TCP relay to Redis that can be cut and restored, to play an outage. */
async function relay(port = 0): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const target = new URL(REDIS_URL);
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describeIf(redisMissing, 'rate limits in Redis', () => {
  const keyPrefix = `lifeline-test:${randomBytes(6).toString('hex')}:`;
  let redis: Redis;
  let database: Database;
  const apps: FastifyInstance[] = [];
  const app = async (url = REDIS_URL, prefix = keyPrefix) => {
    const made = await testApp(database, { limits, redis: { url, keyPrefix: prefix } });
    apps.push(made);
    return made;
  };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    database = await openPglite();
  });
  afterAll(async () => {
    await Promise.all(apps.map((made) => made.close()));
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await database?.close();
  });

  it('counts look-ups from two app instances together, under the configured prefix', async () => {
    const a = await app();
    const b = await app();
    const statuses = [];
    for (const made of [a, a, a, b]) statuses.push((await lookUp(made)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const keys = await redis.keys(`${keyPrefix}*`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${keyPrefix}.*share-lookup:127\\.0\\.0\\.1$`));
  });

  it('counts failed bearer tokens from two app instances together', async () => {
    const prefix = `${keyPrefix}auth:`;
    const made = () =>
      testApp(database, {
        limits: { failedAuthsPerMinute: 3 },
        redis: { url: REDIS_URL, keyPrefix: prefix },
      });
    const [a, b] = [await made(), await made()];
    apps.push(a, b);
    const call = (on: FastifyInstance, n: number) =>
      on.inject({
        method: 'POST',
        url: '/api/v1/diagrams',
        headers: { authorization: `Bearer ll_made-up-${n}` },
        payload: { content: 'graph TD; A-->B' },
      });
    const statuses = [];
    for (const [n, on] of [a, b, a].entries()) statuses.push((await call(on, n)).statusCode);
    expect(statuses).toEqual([401, 401, 401]);
    // The fourth failure arrives at the other instance: refused all the same.
    const refused = await call(b, 99);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const keys = await redis.keys(`${prefix}*`);
    expect(keys.some((key) => key.endsWith('127.0.0.1'))).toBe(true);
  });

  it('starts and answers without limits when Redis cannot be reached (fails open)', async () => {
    const gone = await relay();
    await gone.cut();
    const made = await app(`redis://127.0.0.1:${gone.port}`, `${keyPrefix}gone:`);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await lookUp(made)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
  });

  it('lets requests through during an outage and enforces limits again after it', async () => {
    const first = await relay();
    const prefix = `${keyPrefix}outage:`;
    const made = await app(`redis://127.0.0.1:${first.port}`, prefix);
    for (let i = 0; i < 3; i++) expect((await lookUp(made)).statusCode).toBe(404);
    expect((await lookUp(made)).statusCode).toBe(429);

    await first.cut();
    expect((await lookUp(made)).statusCode).toBe(404);

    const second = await relay(first.port);
    try {
      await until(async () => (await lookUp(made)).statusCode === 429, 'Redis to be back');
    } finally {
      await second.cut();
    }
  });
});
