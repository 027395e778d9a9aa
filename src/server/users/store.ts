import { eq } from 'drizzle-orm';
import type { User } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

export interface IdentityProfile {
  identity: string;
  name: string;
  email: string | null;
  /** The issuer's `email_verified`; only a verified address matches collaborators. */
  emailVerified: boolean;
  avatarUrl: string | null;
}

type UserRow = typeof users.$inferSelect;

export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified,
    avatarUrl: row.avatarUrl,
  };
}

export function usersStore(db: Db) {
  return {
    /** Creates the user on first sign-in, refreshes name, e-mail (and whether it is verified) and avatar afterwards. */
    async upsert(profile: IdentityProfile): Promise<User> {
      const [row] = await db
        .insert(users)
        .values(profile)
        .onConflictDoUpdate({
          target: users.identity,
          set: {
            name: profile.name,
            email: profile.email,
            emailVerified: profile.emailVerified,
            avatarUrl: profile.avatarUrl,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error('upsert returned no row');
      return toUserDto(row);
    },

    async findById(id: number): Promise<User | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row ? toUserDto(row) : null;
    },
  };
}
