import type { FastifyInstance } from 'fastify';
import { currentUser } from '../auth/current-user.js';
import { clearSessionCookie, SESSION_COOKIE } from '../auth/session-cookie.js';
import type { Db } from '../db/client.js';
import { unauthenticated } from '../errors.js';

/**
 * GET /api/user: the signed-in user, or 401; never cached. A session cookie that no longer names
 * a session (expired, signed out elsewhere) is cleared with its hint, so later pages stop asking.
 */
export function userRoutes(app: FastifyInstance, db: Db, publicUrl: string | null): void {
  app.get('/api/user', async (request, reply) => {
    reply.header('Cache-Control', 'no-store, no-cache, must-revalidate');
    reply.header('Pragma', 'no-cache');
    const user = await currentUser(db, request);
    if (user) return user;
    if (request.cookies[SESSION_COOKIE]) clearSessionCookie(request, reply, publicUrl);
    throw unauthenticated();
  });
}
