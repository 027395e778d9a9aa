/**
 * Open live connections follow changes of access within a second, on every instance: a
 * successful change under /api/diagrams/:id (collaborators, trash, sharing) or a sign-out is
 * published with PostgreSQL NOTIFY (every instance on the database LISTENs), and each instance
 * re-checks the connections it holds: a changed role is announced (`access`) and applied
 * (read-only or not); "none" closes the connection right after.
 */
import { sql } from 'drizzle-orm';
import type { Connection } from '@hocuspocus/server';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseLiveDocName } from '../../shared/live.js';
import { hashToken } from '../auth/sessions-store.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import type { Database } from '../db/client.js';
import { diagramsStore } from '../diagrams/store.js';
import { can } from '../../shared/policy/can.js';
import type { LiveContext } from './context.js';
import { send, type LiveServer } from './server.js';

const CHANNEL = 'lifeline_live_access';
const DIAGRAM_CHANGE = /^\/api\/diagrams\/(\d{1,10})(?:[/?]|$)/;

const accessEvent = z.union([
  z.object({ diagramId: z.number().int().positive() }),
  z.object({ sessionHash: z.string().min(1).max(128) }),
]);
type AccessEvent = z.infer<typeof accessEvent>;

export async function followAccessChanges(
  app: FastifyInstance,
  database: Database,
  live: LiveServer,
): Promise<void> {
  const diagrams = diagramsStore(database.db);
  const publish = (event: AccessEvent) =>
    database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);

  const connections = function* (): Generator<Connection> {
    for (const document of live.instance.documents.values()) yield* document.getConnections();
  };

  /** The role a connection's holder has now; 'none' when they lost the diagram. */
  async function roleNow(connection: Connection): Promise<'owner' | 'editor' | 'viewer' | 'none'> {
    const context = connection.context as LiveContext;
    const name = parseLiveDocName(connection.document.name);
    if (!name) return 'none';
    if (name.kind === 'share') return (await diagrams.findPublic(name.token)) ? 'viewer' : 'none';
    if (!context.user) return 'none';
    return (await diagrams.open(context.user, name.id))?.access ?? 'none';
  }

  function apply(connection: Connection, role: 'owner' | 'editor' | 'viewer' | 'none') {
    const context = connection.context as LiveContext;
    if (role === context.role) return;
    send(connection, {
      type: 'access',
      role: role === 'none' ? 'none' : can(role, 'edit') ? 'editor' : 'viewer',
    });
    if (role === 'none') {
      connection.close({ code: 4403, reason: 'access' });
      return;
    }
    context.role = role;
    connection.readOnly = !can(role, 'edit');
  }

  async function handle(event: AccessEvent) {
    const affected = [...connections()].filter((connection) => {
      const context = connection.context as LiveContext;
      return 'diagramId' in event
        ? context.diagramId === event.diagramId
        : context.sessionHash === event.sessionHash;
    });
    await Promise.all(
      affected.map(async (connection) =>
        apply(connection, 'sessionHash' in event ? 'none' : await roleNow(connection)),
      ),
    );
  }

  const stop = await database.listen(CHANNEL, {
    notify(payload) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(payload);
      } catch {
        return;
      }
      const event = accessEvent.safeParse(parsed);
      if (event.success)
        handle(event.data).catch((error) => app.log.warn({ error }, 'live access'));
    },
    ready: () => undefined,
    lost: () => undefined,
  });
  app.addHook('onClose', stop);

  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400) return;
    const diagram = DIAGRAM_CHANGE.exec(request.url);
    if (diagram) await publish({ diagramId: Number(diagram[1]) });
    else if (request.url === '/api/logout') {
      const id = request.cookies[SESSION_COOKIE];
      if (id) await publish({ sessionHash: hashToken(id) });
    }
  });
}
