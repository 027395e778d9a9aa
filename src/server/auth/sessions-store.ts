/**
 * Sessions: the browser holds a random 256-bit id; the database holds only its SHA-256, so a
 * leaked database cannot be replayed as cookies. Any instance sharing the database reads them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { User } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema.js';
import { toUserDto } from '../users/store.js';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** A session used in its second half gets a fresh expiry (sliding, at most one write a day). */
const RENEW_WHEN_LEFT_MS = SESSION_TTL_MS - 24 * 60 * 60 * 1000;

export const hashToken = (value: string) => createHash('sha256').update(value).digest('hex');

export interface SessionLookup {
  user: User;
  expiresAt: Date;
}

export function sessionsStore(db: Db) {
  return {
    async create(userId: number): Promise<{ id: string; expiresAt: Date }> {
      const id = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await db.insert(sessions).values({ idHash: hashToken(id), userId, expiresAt });
      return { id, expiresAt };
    },

    async find(id: string): Promise<SessionLookup | null> {
      const idHash = hashToken(id);
      const [row] = await db
        .select({ user: users, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, new Date())));
      if (!row) return null;
      let expiresAt = row.expiresAt;
      if (expiresAt.getTime() - Date.now() < RENEW_WHEN_LEFT_MS) {
        expiresAt = new Date(Date.now() + SESSION_TTL_MS);
        await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
      }
      return { user: toUserDto(row.user), expiresAt };
    },

    async remove(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.idHash, hashToken(id)));
    },

    async removeExpired(): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
    },
  };
}
