import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';

/** A Fastify app over a real database, for `app.inject` tests. */
export async function testApp(database: Database): Promise<FastifyInstance> {
  const app = await buildApp({ database });
  await app.ready();
  return app;
}
