/**
 * A @fastify/rate-limit store over PostgreSQL, so every app instance on one database counts
 * together. One atomic upsert per hit: a live row is incremented, an expired one starts a new
 * window. Times come from the database clock, so instances with skewed clocks still agree.
 */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

type Incr = FastifyRateLimitStore['incr'];
type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** What the plugin really passes to child(): the route's merged options and where it is. */
interface MergedRouteOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

interface Shared {
  db: Db;
  sweepEveryMs: number;
  lastSweep: number;
}

const SWEEP_EVERY_MS = 60_000;

export class PgRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number): void {
    this.hit(this.prefix + key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** The count so far without counting (limits that only count failures check with this). */
  read(key: string, callback: Parameters<Incr>[1]): void {
    this.peek(this.prefix + key).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  child(routeOptions: ChildOptions): FastifyRateLimitStore {
    const options = routeOptions as unknown as MergedRouteOptions;
    if (options.continueExceeding || options.exponentialBackoff) {
      // The SQL below implements fixed windows only; say so instead of silently ignoring them.
      throw new Error('The PostgreSQL rate-limit store supports fixed windows only.');
    }
    // A limit made outside any route (one bucket for several routes) has no route to name.
    if (!options.routeInfo?.url) return new PgRateLimitStore(this.shared, this.prefix);
    const method = [options.routeInfo.method ?? ''].flat().join(',');
    return new PgRateLimitStore(this.shared, `${this.prefix}${method}${options.routeInfo.url}-`);
  }

  /** Deletes expired rows; runs by itself at most once a minute from incr. */
  async sweep(): Promise<number> {
    this.shared.lastSweep = Date.now();
    const result = (await this.shared.db.execute(
      sql`delete from rate_limits where expires_at <= now()`,
    )) as unknown as { affectedRows?: number; rowCount?: number | null };
    return result.affectedRows ?? result.rowCount ?? 0;
  }

  private async peek(key: string): Promise<{ current: number; ttl: number }> {
    const result = (await this.shared.db.execute(sql`
      select count,
        greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::double precision as ttl
      from rate_limits where key = ${key} and expires_at > now()
    `)) as unknown as { rows: { count: number; ttl: number }[] };
    const row = result.rows[0];
    return row ? { current: Number(row.count), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  }

  private async hit(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    if (Date.now() - this.shared.lastSweep >= this.shared.sweepEveryMs) {
      this.sweep().catch(() => undefined); // best effort: the next sweep retries
    }
    const result = (await this.shared.db.execute(sql`
      insert into rate_limits as r (key, count, expires_at)
      values (${key}, 1, now() + ${timeWindow}::double precision * interval '1 millisecond')
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
      returning count,
        greatest(0, ceil(extract(epoch from expires_at - now()) * 1000))::double precision as ttl
    `)) as unknown as { rows: { count: number; ttl: number }[] };
    const row = result.rows[0];
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { current: Number(row.count), ttl: Number(row.ttl) };
  }
}

/** The store class to hand to @fastify/rate-limit (it calls `new Store(globalOptions)`). */
export function pgRateLimitStore(
  db: Db,
  options: { prefix?: string; sweepEveryMs?: number } = {},
): new () => PgRateLimitStore {
  const shared: Shared = {
    db,
    sweepEveryMs: options.sweepEveryMs ?? SWEEP_EVERY_MS,
    lastSweep: Date.now(),
  };
  const prefix = options.prefix ?? '';
  return class extends PgRateLimitStore {
    constructor() {
      super(shared, prefix);
    }
  };
}
