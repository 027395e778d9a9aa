/** API tokens: one per user, created on first request, replaced on regeneration. */
import { eq } from 'drizzle-orm';
import type { User } from '../../shared/schemas.js';
import type { Db } from '../db/client.js';
import { apiTokens, users } from '../db/schema.js';
import { toUserDto } from '../users/store.js';
import {
  decryptApiToken,
  encryptApiToken,
  hashApiToken,
  looksLikeApiToken,
  newApiToken,
} from './token-crypto.js';
import { notifyTokenChange, type TokenUserCache } from './token-user-cache.js';

/** `cache`: remembers token owners between calls (see token-user-cache.ts). */
export function apiTokensStore(db: Db, key: Buffer, cache: TokenUserCache | null = null) {
  const sealed = (token: string) => ({
    tokenHash: hashApiToken(token),
    tokenEncrypted: encryptApiToken(key, token),
  });

  return {
    /**
     * The user's token, made on first use. A stored copy that no longer decrypts (the app secret
     * changed) cannot be shown again, so it is replaced.
     */
    async get(user: User): Promise<string> {
      const fresh = newApiToken();
      await db
        .insert(apiTokens)
        .values({ userId: user.id, ...sealed(fresh) })
        .onConflictDoNothing({ target: apiTokens.userId });
      const [row] = await db
        .select({ tokenEncrypted: apiTokens.tokenEncrypted })
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id));
      const token = row ? decryptApiToken(key, row.tokenEncrypted) : null;
      return token ?? this.regenerate(user);
    },

    /** Replaces the user's token; the old one stops working with this statement. */
    async regenerate(user: User): Promise<string> {
      const token = newApiToken();
      const values = sealed(token);
      await db.transaction(async (tx) => {
        await tx
          .insert(apiTokens)
          .values({ userId: user.id, ...values })
          .onConflictDoUpdate({
            target: apiTokens.userId,
            set: { ...values, createdAt: new Date() },
          });
        await notifyTokenChange(tx);
      });
      cache?.forget();
      return token;
    },

    /** The owner of a token, or null for anything else. */
    async findUser(token: string): Promise<User | null> {
      if (!looksLikeApiToken(token)) return null;
      const hash = hashApiToken(token);
      const load = async () => {
        const [row] = await db
          .select({ user: users })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(eq(apiTokens.tokenHash, hash));
        return row ? toUserDto(row.user) : null;
      };
      return cache ? cache.find(hash, load) : load();
    },
  };
}

export type ApiTokensStore = ReturnType<typeof apiTokensStore>;
