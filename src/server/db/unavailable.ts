/**
 * Errors that mean "the database cannot be reached right now" (stopped, restarting, unreachable,
 * out of connections) rather than a bug: they answer 503 so clients retry, never a 500.
 */
export const DATABASE_UNREACHABLE = 'The database is not reachable. Try again shortly.';

/** Seconds a client is told to wait (Retry-After) when the database is unreachable. */
export const DATABASE_RETRY_AFTER_S = 5;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

// node-postgres reports a lost or never-made connection by message only.
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly/i;

function isUnreachable(code: unknown, message: unknown): boolean {
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // SQLSTATE 08xxx: connection exception; 57P01–57P03: shut down, crashed, not accepting
    // connections yet; 53300: too many connections.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
  }
  return typeof message === 'string' && PG_CONNECTION_MESSAGES.test(message);
}

/** Looks through the error and its causes (Drizzle wraps driver errors in its own). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (isUnreachable(code, message)) return true;
    current = cause;
  }
  return false;
}
