/**
 * API tokens: one per user, created on first request (full access), replaced on regeneration with
 * the scope the user chose.
 */
import { eq } from 'drizzle-orm';
import type { ApiToken, TokenScope, User } from '../../shared/schemas.js';
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

/** Who a bearer token stands for, and what it may do. */
export interface TokenOwner {
  user: User;
  scope: TokenScope;
}

/** A stored scope this code does not know reads as the narrower one. */
const scopeOf = (stored: string): TokenScope => (stored === 'full' ? 'full' : 'read');

/** `cache`: remembers token owners between calls (see token-user-cache.ts). */
export function apiTokensStore(
  db: Db,
  key: Buffer,
  cache: TokenUserCache<TokenOwner> | null = null,
) {
  const sealed = (token: string) => ({
    tokenHash: hashApiToken(token),
    tokenEncrypted: encryptApiToken(key, token),
  });

  return {
    /** The user's token alone (see `show`). */
    async get(user: User): Promise<string> {
      return (await this.show(user)).apiToken;
    },

    /**
     * The user's token and its scope, made on first use with full access. A stored copy that no
     * longer decrypts (the app secret changed) cannot be shown again, so it is replaced, keeping
     * its scope.
     */
    async show(user: User): Promise<ApiToken> {
      const fresh = newApiToken();
      await db
        .insert(apiTokens)
        .values({ userId: user.id, ...sealed(fresh) })
        .onConflictDoNothing({ target: apiTokens.userId });
      const [row] = await db
        .select({ tokenEncrypted: apiTokens.tokenEncrypted, scope: apiTokens.scope })
        .from(apiTokens)
        .where(eq(apiTokens.userId, user.id));
      const token = row ? decryptApiToken(key, row.tokenEncrypted) : null;
      if (!row || token === null) return this.regenerate(user, row ? scopeOf(row.scope) : 'full');
      return { apiToken: token, scope: scopeOf(row.scope) };
    },

    /** Replaces the user's token; the old one stops working with this statement. */
    async regenerate(user: User, scope: TokenScope): Promise<ApiToken> {
      const token = newApiToken();
      const values = { ...sealed(token), scope };
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
      return { apiToken: token, scope };
    },

    /** The owner of a token and its scope, or null for anything else. */
    async findOwner(token: string): Promise<TokenOwner | null> {
      if (!looksLikeApiToken(token)) return null;
      const hash = hashApiToken(token);
      const load = async (): Promise<TokenOwner | null> => {
        const [row] = await db
          .select({ user: users, scope: apiTokens.scope })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(eq(apiTokens.tokenHash, hash));
        return row ? { user: toUserDto(row.user), scope: scopeOf(row.scope) } : null;
      };
      return cache ? cache.find(hash, load) : load();
    },
  };
}

export type ApiTokensStore = ReturnType<typeof apiTokensStore>;
