/**
 * The signed-in user, resolved from the session cookie at most once per request and only when a
 * route asks (static files never touch the database).
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { unauthenticated } from '../errors.js';
import { SESSION_COOKIE } from './session-cookie.js';
import { sessionsStore } from './sessions-store.js';

const resolved = new WeakMap<FastifyRequest, Promise<User | null>>();

export function currentUser(db: Db, request: FastifyRequest): Promise<User | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const id = request.cookies[SESSION_COOKIE];
    pending = id
      ? sessionsStore(db)
          .find(id)
          .then((found) => found?.user ?? null)
      : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

export async function requireUser(db: Db, request: FastifyRequest): Promise<User> {
  const user = await currentUser(db, request);
  if (!user) throw unauthenticated();
  return user;
}
