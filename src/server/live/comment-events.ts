/**
 * Open editors hear of comment changes within a second, on every instance: a change is published
 * with PostgreSQL NOTIFY (every instance on the database LISTENs, as for access changes in
 * revocation.ts), and each instance tells the connections of the diagram's live document
 * (`comments`), which read the comments again. Public-link documents are never told: their
 * visitors see no comments.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { diagramDocName } from '../../shared/live.js';
import type { Database } from '../db/client.js';
import { broadcast, type LiveServer } from './server.js';

const CHANNEL = 'lifeline_live_comments';
const commentEvent = z.object({ diagramId: z.number().int().positive() });

/** Starts listening; answers the function that announces a change of a diagram's comments. */
export async function followCommentChanges(
  app: FastifyInstance,
  database: Database,
  live: LiveServer,
): Promise<(diagramId: number) => void> {
  const stop = await database.listen(CHANNEL, {
    notify(payload) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      const event = commentEvent.safeParse(parsed);
      if (!event.success) return;
      const document = live.instance.documents.get(diagramDocName(event.data.diagramId));
      if (document) broadcast(document, { type: 'comments' });
    },
    ready: () => undefined,
    lost: () => undefined,
  });
  app.addHook('onClose', stop);
  return (diagramId) => {
    const payload = JSON.stringify({ diagramId });
    database.db
      .execute(sql`select pg_notify(${CHANNEL}, ${payload})`)
      .catch((error: unknown) => app.log.warn({ error }, 'live comments'));
  };
}
