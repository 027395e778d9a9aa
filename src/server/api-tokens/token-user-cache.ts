/**
 * Token hash → user, so a public API call does not pay a database look-up each time. Every
 * instance LISTENs on one channel and empties its cache when any instance regenerates a token, so
 * an old token stops working everywhere at once. While that channel is not known to be working,
 * nothing is cached and every call asks the database.
 */
import { sql } from 'drizzle-orm';
import type { User } from '../../shared/schemas.js';
import type { Database, Db } from '../db/client.js';

export const API_TOKENS_CHANNEL = 'lifeline_api_tokens';

/** `T`: what a token hash stands for (its owner, or its owner and scope). */
export interface TokenUserCache<T = User> {
  /** The cached owner of a token hash, or the answer of `load` (cached when it is not null). */
  find(hash: string, load: () => Promise<T | null>): Promise<T | null>;
  /** Forgets every entry here; `notifyTokenChange` tells the other instances. */
  forget(): void;
  close(): Promise<void>;
}

/** Run inside the transaction that changes a token: delivered to every instance on commit. */
export async function notifyTokenChange(db: Pick<Db, 'execute'>): Promise<void> {
  await db.execute(sql`select pg_notify(${API_TOKENS_CHANNEL}, '')`);
}

export interface TokenUserCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

export async function tokenUserCache<T = User>(
  database: Database,
  options: TokenUserCacheOptions = {},
): Promise<TokenUserCache<T>> {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, { owner: T; until: number }>();
  let live = false;
  // Bumped on every invalidation: a look-up that started before one must not cache its answer.
  let generation = 0;

  const clear = () => {
    generation += 1;
    entries.clear();
  };
  const stop = await database.listen(API_TOKENS_CHANNEL, {
    notify: clear,
    ready: () => {
      clear();
      live = true;
    },
    lost: () => {
      live = false;
      clear();
    },
  });

  return {
    async find(hash, load) {
      const hit = entries.get(hash);
      if (live && hit && hit.until > Date.now()) return hit.owner;
      const started = generation;
      const owner = await load();
      if (owner !== null && live && generation === started) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(hash, { owner, until: Date.now() + ttlMs });
      }
      return owner;
    },

    forget: clear,

    close: stop,
  };
}
