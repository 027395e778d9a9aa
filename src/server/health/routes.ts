import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import { DATABASE_UNREACHABLE } from '../db/unavailable.js';

/** 200 while the database answers, 503 when it does not (load balancers read this). */
export function healthRoutes(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async (_request, reply) => {
    const up = await database.ping();
    reply.header('Cache-Control', 'no-store');
    return up
      ? reply.send({ status: 'ok', database: database.kind })
      : reply.status(503).send({ error: DATABASE_UNREACHABLE });
  });
}
