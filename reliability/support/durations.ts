/**
 * How long the load and outage runs last. `npm test` uses the short defaults (still at least 10 s
 * of load and a 10 s outage); `npm run test:soak` sets the full durations.
 */
function seconds(name: string, fallback: number, minimum: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < minimum) {
    throw new Error(`${name} must be a number of seconds, at least ${minimum} (got "${raw}").`);
  }
  return value;
}

/** Seconds autocannon runs against each database. */
export const LOAD_SECONDS = seconds('LOAD_SECONDS', 10, 10);
/** Seconds the PostgreSQL server stays stopped in the outage test. */
export const OUTAGE_SECONDS = seconds('OUTAGE_SECONDS', 10, 10);
/** Concurrent users (one autocannon connection each). */
export const LOAD_USERS = seconds('LOAD_USERS', 100, 1);
