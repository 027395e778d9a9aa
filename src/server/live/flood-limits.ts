/**
 * Frames and bytes per user, address and document, across all their sockets, and across
 * instances: each
 * instance counts locally (no round trip per frame) and adds its counts to a shared counter
 * (Redis, or the PostgreSQL rate_limits table, as for HTTP limits) a few times a second; a key
 * whose shared total passes its budget is refused on every instance for the rest of its window.
 * Without a shared store (the embedded database) the local count is the whole count. Like the
 * HTTP limits it fails open: a counter that cannot answer leaves the local count in charge.
 */
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/client.js';

export interface SharedCounter {
  /** Adds `count` to `key` (a window of `windowMs` from its first count); answers the total. */
  add(key: string, count: number, windowMs: number): Promise<number>;
}

export function redisCounter(client: Redis, prefix: string): SharedCounter {
  return {
    async add(key, count, windowMs) {
      const name = `${prefix}live:${key}`;
      const result = await client.multi().incrby(name, count).pexpire(name, windowMs, 'NX').exec();
      return Number(result?.[0]?.[1] ?? 0);
    },
  };
}

export function pgCounter(db: Db): SharedCounter {
  return {
    async add(key, count, windowMs) {
      const result = (await db.execute(sql`
        insert into rate_limits as r (key, count, expires_at)
        values (${`live:${key}`}, ${count}, now() + ${windowMs}::double precision * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.expires_at <= now() then excluded.count else r.count + excluded.count end,
          expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
        returning count
      `)) as unknown as { rows: { count: number }[] };
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}

export interface FloodBudget {
  /** What a key may send per window (frames, bytes or attempts). */
  max: number;
  windowMs: number;
}

/** How often local counts are added to the shared counter. */
const SHARE_EVERY_MS = 250;

export function floodLimiter(counter: SharedCounter | null) {
  /** Per key: this window's local count, the part not shared yet, and its budget. */
  const keys = new Map<
    string,
    { start: number; count: number; unshared: number; budget: FloodBudget; blockedUntil: number }
  >();
  let sharing = false;

  async function share(): Promise<void> {
    if (sharing || !counter) return;
    sharing = true;
    try {
      await Promise.all(
        [...keys].map(async ([key, entry]) => {
          if (entry.unshared === 0) return;
          const count = entry.unshared;
          entry.unshared = 0;
          const total = await counter.add(key, count, entry.budget.windowMs).catch(() => 0);
          if (total > entry.budget.max) entry.blockedUntil = entry.start + entry.budget.windowMs;
        }),
      );
    } finally {
      sharing = false;
    }
  }

  const timer = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of keys) {
      if (now - entry.start >= entry.budget.windowMs && entry.unshared === 0) keys.delete(key);
    }
    void share();
  }, SHARE_EVERY_MS).unref();

  return {
    /** Counts `amount` (a frame, by default) for `key`; false when the key is past its budget. */
    hit(key: string, budget: FloodBudget, amount = 1): boolean {
      const now = Date.now();
      let entry = keys.get(key);
      if (!entry || now - entry.start >= budget.windowMs) {
        entry = { start: now, count: 0, unshared: entry?.unshared ?? 0, budget, blockedUntil: 0 };
        keys.set(key, entry);
      }
      entry.count += amount;
      entry.unshared += amount;
      return entry.count <= budget.max && now >= entry.blockedUntil;
    },
    stop() {
      clearInterval(timer);
    },
  };
}

export type FloodLimiter = ReturnType<typeof floodLimiter>;
