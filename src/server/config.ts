/**
 * Environment → typed, validated config. A bad value stops start-up with one clear line
 * (ConfigError), never a stack trace.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {}

/** Hosts only this machine can reach; local sign-in is refused beyond them unless allowed. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

const port = z
  .string()
  .regex(/^\d+$/, 'must be a whole number from 1 to 65535')
  .transform(Number)
  .refine((value) => value >= 1 && value <= 65535, 'must be a whole number from 1 to 65535');

const databaseUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a PostgreSQL URL like postgres://user:password@host:5432/database');

const redisUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'redis:' || url.protocol === 'rediss:') && url.hostname !== '';
  } catch {
    return false;
  }
}, 'must be a Redis URL like redis://:password@host:6379/0');

const httpUrl = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an http(s) URL');

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine(
      (value) => value >= min && value <= max,
      `must be a whole number from ${min} to ${max}`,
    );

const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('localhost'),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be one of development, production, test',
    })
    .default('development'),
  OIDC_ISSUER_URL: httpUrl.default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  PUBLIC_URL: httpUrl.optional(),
  APP_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_LOCAL_SIGN_IN: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  TRUST_PROXY: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  RENDER_PAGES: wholeNumber(1, 32).default(2),
  RENDER_QUEUE: wholeNumber(0, 10_000).default(32),
  RENDER_CACHE_MB: wholeNumber(0, 65_536).default(64),
  RENDER_TIMEOUT_MS: wholeNumber(1000, 600_000).default(10_000),
  RENDER_RATE_PER_MINUTE: wholeNumber(1, 1_000_000).default(120),
  SHARE_LOOKUPS_PER_MINUTE: wholeNumber(1, 1_000_000).default(120),
  SIGN_INS_PER_MINUTE: wholeNumber(1, 1_000_000).default(20),
  FAILED_AUTHS_PER_MINUTE: wholeNumber(1, 1_000_000).default(20),
  IMPORTS_PER_MINUTE: wholeNumber(1, 1_000_000).default(10),
  OPEN_RENDER_API: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  OPEN_RENDER_PER_MINUTE: wholeNumber(1, 1_000_000).default(300),
  REQUEST_TIMEOUT_MS: wholeNumber(1000, 3_600_000).default(60_000),
  CONNECTIONS_PER_ADDRESS: wholeNumber(0, 1_000_000).default(64),
  LIVE_UPDATE_CLIENTS_MAX: wholeNumber(1, 100_000).default(64),
  LIVE_UPDATE_ITEMS_MAX: wholeNumber(1, 10_000_000).default(20_000),
  LIVE_USER_MESSAGES_PER_SECOND: wholeNumber(1, 1_000_000).default(200),
  LIVE_DOCUMENT_MESSAGES_PER_SECOND: wholeNumber(1, 1_000_000).default(400),
  LIVE_DOCUMENT_MAX_BYTES: wholeNumber(65_536, 1_073_741_824).default(8 * 1024 * 1024),
  LIVE_USER_BYTES_PER_SECOND: wholeNumber(1024, 1_073_741_824).default(256 * 1024),
  LIVE_DOCUMENT_BYTES_PER_SECOND: wholeNumber(1024, 1_073_741_824).default(512 * 1024),
  LIVE_SOCKET_DOCUMENTS_MAX: wholeNumber(1, 1000).default(10),
  LIVE_USER_DOCUMENTS_MAX: wholeNumber(1, 100_000).default(20),
  LIVE_AUTHS_PER_ADDRESS_PER_MINUTE: wholeNumber(1, 1_000_000).default(240),
  LIVE_SOCKET_BUFFER_MAX_BYTES: wholeNumber(65_536, 4_294_967_296).default(16 * 1024 * 1024),
  REDIS_URL: redisUrl.optional(),
  REDIS_KEY_PREFIX: z.string().min(1, 'must not be empty').default('lifeline:rate-limit:'),
});

export interface Config {
  port: number;
  host: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  dataDir: string;
  production: boolean;
  /**
   * NODE_ENV=test: the event-loop watch times every callback to name exactly what blocked the
   * loop (the test suites fail on it); elsewhere it names what started last, at no cost per call.
   */
  preciseLoopWatch: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Null when no OpenID Connect client is configured: local sign-in (never in production). */
  oidc: { issuerUrl: string; clientId: string; clientSecret: string } | null;
  /** The origin users reach the app at, when it differs from what requests say (proxies). */
  publicUrl: string | null;
  /** http://HOST:PORT as configured (localhost for a wildcard host): links without PUBLIC_URL. */
  listenOrigin: string;
  appSecret: string | null;
  trustProxy: boolean;
  /** Server-side rendering (public API convert); Chromium itself is found by findChromium. */
  render: { pages: number; queue: number; cacheMb: number; timeoutMs: number; perMinute: number };
  /**
   * Abuse limits per minute: per client address, imports per user (the API's per token is
   * render.perMinute).
   */
  limits: {
    shareLookupsPerMinute: number;
    signInsPerMinute: number;
    failedAuthsPerMinute: number;
    importsPerMinute: number;
    openRendersPerMinute: number;
  };
  /** The token-free Kroki and mermaid.ink endpoints: on outside production unless set. */
  openRenderApi: boolean;
  /** Time for a whole request to arrive; open connections per socket address (0: no cap). */
  connections: { requestTimeoutMs: number; connectionsPerAddress: number };
  /**
   * Live documents: client ids and structs one update may carry, and the largest encoded
   * state of a document.
   */
  live: {
    updateClientsMax: number;
    updateItemsMax: number;
    documentMaxBytes: number;
    /** Frames per second over all sockets of one user, and of one document. */
    userMessagesPerSecond: number;
    documentMessagesPerSecond: number;
    /** Bytes per second of one user's frames, and of one document's. */
    userBytesPerSecond: number;
    documentBytesPerSecond: number;
    /** Documents one socket may name, and one user may have open. */
    socketDocuments: number;
    userDocuments: number;
    /** Authentications (socket cookies, document names) per client address a minute. */
    addressAuthsPerMinute: number;
    /** Unsent bytes the server holds for one socket before dropping it. */
    socketBufferBytes: number;
  };
  /** Rate-limit counters in Redis; null: in PostgreSQL (DATABASE_URL) or in memory (PGlite). */
  redis: { url: string; keyPrefix: string } | null;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as most shells and .env files mean them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = env[name];
    const secret = name === 'APP_SECRET' || name === 'OIDC_CLIENT_SECRET';
    const url = name === 'DATABASE_URL' || name === 'REDIS_URL';
    const shown = secret ? '***' : url ? redactUrl(got ?? '') : got;
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'} (got "${shown}").`,
    );
  }
  const value = parsed.data;
  const dataDir = resolve(value.DATA_DIR);
  const production = value.NODE_ENV === 'production';
  if (Boolean(value.OIDC_CLIENT_ID) !== Boolean(value.OIDC_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: set both OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or neither.',
    );
  }
  const oidc =
    value.OIDC_CLIENT_ID && value.OIDC_CLIENT_SECRET
      ? {
          issuerUrl: value.OIDC_ISSUER_URL,
          clientId: value.OIDC_CLIENT_ID,
          clientSecret: value.OIDC_CLIENT_SECRET,
        }
      : null;
  if (production && !oidc) {
    throw new ConfigError(
      'Invalid configuration: NODE_ENV=production needs sign-in: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET (and OIDC_ISSUER_URL for an issuer other than Google).',
    );
  }
  if (!oidc && !LOOPBACK_HOSTS.has(value.HOST.toLowerCase()) && !value.ALLOW_LOCAL_SIGN_IN) {
    throw new ConfigError(
      `Invalid configuration: HOST=${value.HOST} listens beyond this machine without an OIDC client, and local sign-in lets anyone sign in as anyone: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or ALLOW_LOCAL_SIGN_IN=true to accept that.`,
    );
  }
  if (value.LIVE_SOCKET_BUFFER_MAX_BYTES < value.LIVE_DOCUMENT_MAX_BYTES) {
    throw new ConfigError(
      `Invalid configuration: LIVE_SOCKET_BUFFER_MAX_BYTES (${value.LIVE_SOCKET_BUFFER_MAX_BYTES}) must be at least LIVE_DOCUMENT_MAX_BYTES (${value.LIVE_DOCUMENT_MAX_BYTES}), or opening the largest document would drop the connection.`,
    );
  }
  return {
    port: value.PORT,
    host: value.HOST,
    database: value.DATABASE_URL
      ? { kind: 'postgres', url: value.DATABASE_URL }
      : { kind: 'pglite', dataDir: resolve(dataDir, 'pglite') },
    dataDir,
    production,
    preciseLoopWatch: value.NODE_ENV === 'test',
    logLevel: value.LOG_LEVEL,
    oidc,
    publicUrl: value.PUBLIC_URL ? new URL(value.PUBLIC_URL).origin : null,
    listenOrigin: listenOrigin(value.HOST, value.PORT),
    appSecret: value.APP_SECRET ?? null,
    trustProxy: value.TRUST_PROXY,
    render: {
      pages: value.RENDER_PAGES,
      queue: value.RENDER_QUEUE,
      cacheMb: value.RENDER_CACHE_MB,
      timeoutMs: value.RENDER_TIMEOUT_MS,
      perMinute: value.RENDER_RATE_PER_MINUTE,
    },
    limits: {
      shareLookupsPerMinute: value.SHARE_LOOKUPS_PER_MINUTE,
      signInsPerMinute: value.SIGN_INS_PER_MINUTE,
      failedAuthsPerMinute: value.FAILED_AUTHS_PER_MINUTE,
      importsPerMinute: value.IMPORTS_PER_MINUTE,
      openRendersPerMinute: value.OPEN_RENDER_PER_MINUTE,
    },
    openRenderApi: value.OPEN_RENDER_API ? value.OPEN_RENDER_API === 'true' : !production,
    connections: {
      requestTimeoutMs: value.REQUEST_TIMEOUT_MS,
      connectionsPerAddress: value.CONNECTIONS_PER_ADDRESS,
    },
    live: {
      updateClientsMax: value.LIVE_UPDATE_CLIENTS_MAX,
      updateItemsMax: value.LIVE_UPDATE_ITEMS_MAX,
      documentMaxBytes: value.LIVE_DOCUMENT_MAX_BYTES,
      userMessagesPerSecond: value.LIVE_USER_MESSAGES_PER_SECOND,
      documentMessagesPerSecond: value.LIVE_DOCUMENT_MESSAGES_PER_SECOND,
      userBytesPerSecond: value.LIVE_USER_BYTES_PER_SECOND,
      documentBytesPerSecond: value.LIVE_DOCUMENT_BYTES_PER_SECOND,
      socketDocuments: value.LIVE_SOCKET_DOCUMENTS_MAX,
      userDocuments: value.LIVE_USER_DOCUMENTS_MAX,
      addressAuthsPerMinute: value.LIVE_AUTHS_PER_ADDRESS_PER_MINUTE,
      socketBufferBytes: value.LIVE_SOCKET_BUFFER_MAX_BYTES,
    },
    redis: value.REDIS_URL ? { url: value.REDIS_URL, keyPrefix: value.REDIS_KEY_PREFIX } : null,
  };
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** The address a server listening on host:port is reached at from this machine. */
export function listenOrigin(host: string, port: number): string {
  const name = WILDCARD_HOSTS.has(host) ? 'localhost' : host;
  const bracketed = name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
  return new URL(`http://${bracketed}:${port}`).origin;
}

/** Hides the password of a database URL in messages. */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}
