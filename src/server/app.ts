/** buildApp(deps): a Fastify instance with every route, nothing started. Tests use it directly. */
import type { Redis } from 'ioredis';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiTokenRoutes } from './api-tokens/routes.js';
import { apiTokensStore, type TokenOwner } from './api-tokens/store.js';
import { tokenKey } from './api-tokens/token-crypto.js';
import { tokenUserCache } from './api-tokens/token-user-cache.js';
import type { OidcClient } from './auth/oidc.js';
import { authRoutes } from './auth/routes.js';
import { sameOriginGuard } from './auth/same-origin.js';
import type { Database } from './db/client.js';
import { collaboratorRoutes } from './collaborators/routes.js';
import { commentOperations } from './comments/operations.js';
import { commentRoutes } from './comments/routes.js';
import { diagramRoutes } from './diagrams/routes.js';
import { diagramWriter } from './diagrams/writer.js';
import { folderRoutes } from './folders/routes.js';
import { AppError } from './errors.js';
import { frameworkErrors, installErrorHandler } from './error-handler.js';
import { labelRequests } from './health/loop-labels.js';
import { healthRoutes } from './health/routes.js';
import { loggingOptions } from './logging/logger-options.js';
import { logRequests } from './logging/request-log.js';
import {
  failedAuthGuard,
  oauthAddressLimits,
  shareLookupLimit,
  tokenLimit,
} from './limits/address-limits.js';
import {
  capConnectionsPerAddress,
  closeUnusedOnClose,
  DEFAULT_CONNECTION_LIMITS,
  timeoutOptions,
  type ConnectionLimits,
} from './limits/connection-limits.js';
import { rateLimitBackend, type RedisLimits } from './limits/backend.js';
import { MCP_PATH } from './mcp/routes.js';
import { assistantAccess } from './oauth/index.js';
import { publicApiRoutes } from './public-api/index.js';
import { templateRoutes } from './templates/routes.js';
import { exportRoutes } from './export/routes.js';
import { createRenderer, type Renderer } from './chromium-render/renderer.js';
import { shareEmbedRoutes, warmSharePage } from './share/embeds.js';
import { sharePageRoutes } from './share/page.js';
import { shareRoutes } from './share/routes.js';
import { attachLive, type LiveLimits } from './live/upgrade.js';
import { liveFanout } from './live/fanout.js';
import { connectRestEdits } from './live/rest-edits.js';
import { followAccessChanges } from './live/revocation.js';
import { followCommentChanges } from './live/comment-events.js';
import { pgCounter, redisCounter } from './live/flood-limits.js';
import { createLiveServer, type LiveDocumentLimits } from './live/server.js';
import { loadAppShell } from './web/app-shell.js';
import { shellWithSignIn, staticRoutes } from './web/static.js';
import { transferRoutes } from './transfer/routes.js';
import { trashRoutes } from './trash/routes.js';
import { startTrashPurge } from './trash/purge-timer.js';
import { userRoutes } from './users/routes.js';
import { versionDiffRoutes } from './versions/diff-routes.js';
import { traceCheckRoutes } from './trace-import/routes.js';
import { versionRoutes } from './versions/routes.js';
import { helmetOptions } from './web/page-security.js';

export interface AppDeps {
  database: Database;
  appSecret: string;
  /** Null: local sign-in (development and tests without an issuer). */
  oidc?: OidcClient | null;
  publicUrl?: string | null;
  /**
   * The address the server was started for (http://HOST:PORT, localhost for a wildcard host):
   * where links point when publicUrl is unset. Never taken from a request's Host header.
   */
  listenOrigin?: string;
  trustProxy?: boolean;
  /** Folder of the built client (dist/client); absent in API tests. */
  clientDir?: string;
  logLevel?: string;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: DestinationStream;
  limits?: Partial<AppLimits>;
  /** Bounds of live updates (defaults: DEFAULT_LIVE_DOCUMENT_LIMITS). */
  live?: Partial<LiveDocumentLimits>;
  /** Largest encoded state of a live document, for every writer (LIVE_DOCUMENT_MAX_BYTES). */
  liveDocumentMaxBytes?: number;
  /** Frame rates of live sockets, users and documents (defaults: DEFAULT_LIVE_LIMITS). */
  liveRates?: Partial<LiveLimits>;
  /** Called for every route as it is registered (tests list the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Server-side diagram images; absent: convert answers 503 (no Chromium). The caller closes it. */
  renderer?: Renderer;
  /** Rate-limit counters in Redis; absent: in PostgreSQL, or in memory for PGlite. */
  redis?: RedisLimits | null;
  /** The token-free Kroki and mermaid.ink endpoints; off when absent. */
  openRenderApi?: boolean;
  /** Request timeout and connections per address (DEFAULT_CONNECTION_LIMITS when absent). */
  connections?: Partial<ConnectionLimits>;
}

export interface AppLimits {
  /** Public-link look-ups per client address per minute (slows token guessing). */
  shareLookupsPerMinute: number;
  /** Public API calls (/api/v1 and /mcp together) per API token per minute. */
  apiCallsPerMinute: number;
  /** Sign-in requests per client address per minute, on each sign-in route. */
  signInsPerMinute: number;
  /** Bearer calls with an invalid token per client address per minute (then 429 for all). */
  failedAuthsPerMinute: number;
  /** Imports per signed-in user per minute (an import is the heaviest request there is). */
  importsPerMinute: number;
  /** Kroki and mermaid.ink calls per client address per minute. */
  openRendersPerMinute: number;
  /** Stepped exports (animated SVG, PDF of one page per step) per client address per minute. */
  stepExportsPerMinute: number;
  /** OAuth dynamic client registrations per client address per hour. */
  assistantRegistrationsPerHour: number;
  /** OAuth authorize, token and revoke calls per client address per minute. */
  assistantAuthCallsPerMinute: number;
  /** Comments added, edited, resolved or deleted per signed-in user per minute (the app's calls). */
  commentWritesPerMinute: number;
}

export const DEFAULT_LIMITS: AppLimits = {
  shareLookupsPerMinute: 120,
  apiCallsPerMinute: 120,
  signInsPerMinute: 20,
  failedAuthsPerMinute: 20,
  importsPerMinute: 10,
  openRendersPerMinute: 300,
  stepExportsPerMinute: 30,
  assistantRegistrationsPerHour: 20,
  assistantAuthCallsPerMinute: 60,
  commentWritesPerMinute: 60,
};

/** Where links point in tests and tools that build the app without a listening address. */
export const DEFAULT_LISTEN_ORIGIN = 'http://localhost:3000';

/** Request bodies: diagram content is capped at 1,000,000 characters, so 4 MiB covers any UTF-8. */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const trustProxy = deps.trustProxy ?? false;
  const connections = { ...DEFAULT_CONNECTION_LIMITS, ...deps.connections };
  const app = Fastify({
    ...timeoutOptions(connections.requestTimeoutMs),
    ...loggingOptions({ level: deps.logLevel ?? 'silent', stream: deps.logStream, trustProxy }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Encoded diagrams travel in a path segment (Kroki, mermaid.ink); their routes cap them.
    routerOptions: { maxParamLength: 16 * 1024 },
    trustProxy,
    frameworkErrors,
  });
  labelRequests(app);
  logRequests(app);
  capConnectionsPerAddress(app.server, connections.connectionsPerAddress, trustProxy);
  closeUnusedOnClose(app);
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  await app.register(helmet, helmetOptions);
  await app.register(cookie, { secret: deps.appSecret });
  const limitStore = await rateLimitBackend(deps.database, deps.redis ?? null, app.log);
  app.addHook('onClose', () => limitStore.close());
  await app.register(rateLimit, {
    ...limitStore.options,
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  const limits = { ...DEFAULT_LIMITS, ...deps.limits };
  const publicUrl = deps.publicUrl ?? null;
  const siteOrigin = publicUrl ?? deps.listenOrigin ?? DEFAULT_LISTEN_ORIGIN;
  sameOriginGuard(app, publicUrl);

  const { db } = deps.database;
  healthRoutes(app, deps.database);
  userRoutes(app, db, publicUrl);
  await authRoutes(app, {
    db,
    oidc: deps.oidc ?? null,
    publicUrl,
    perMinute: limits.signInsPerMinute,
  });
  // The one diagram writer: joined to the live documents below and handed to every route and
  // store that writes a diagram (lint keeps any other file from building one).
  const writer = diagramWriter(
    db,
    deps.liveDocumentMaxBytes ? { liveStateMaxBytes: deps.liveDocumentMaxBytes } : {},
  );
  const live = createLiveServer(
    db,
    writer,
    await liveFanout(app, deps.database, deps.redis ?? null),
    deps.live,
  );
  const counter =
    limitStore.kind === 'redis' && limitStore.options.redis
      ? redisCounter(limitStore.options.redis as Redis, deps.redis?.keyPrefix ?? '')
      : limitStore.kind === 'postgres'
        ? pgCounter(db)
        : null;
  attachLive(app, { db, live, publicUrl, limits: deps.liveRates, counter, trustProxy });
  await followAccessChanges(app, deps.database, live);
  connectRestEdits(writer, live);
  const comments = commentOperations({
    db,
    writer,
    changed: await followCommentChanges(app, deps.database, live),
  });
  commentRoutes(app, db, comments, limits);
  diagramRoutes(app, db, writer, { published: (diagram) => warmSharePage(renderer, diagram) });
  versionRoutes(app, db, writer);
  trashRoutes(app, db, writer);
  startTrashPurge(app, db);
  folderRoutes(app, db);
  collaboratorRoutes(app, db);
  await transferRoutes(app, db, writer, { importsPerMinute: limits.importsPerMinute });
  const lookupLimit = shareLookupLimit(app, limits.shareLookupsPerMinute);
  shareRoutes(app, db, { lookupLimit });
  const tokenUsers = await tokenUserCache<TokenOwner>(deps.database);
  app.addHook('onClose', () => tokenUsers.close());
  const tokens = apiTokensStore(db, tokenKey(deps.appSecret), tokenUsers);
  apiTokenRoutes(app, db, tokens);
  const assistants = await assistantAccess(app, {
    database: deps.database,
    origin: siteOrigin,
    mcpPath: MCP_PATH,
    trustProxy,
    limits: oauthAddressLimits(app, {
      registrationsPerHour: limits.assistantRegistrationsPerHour,
      requestsPerMinute: limits.assistantAuthCallsPerMinute,
    }),
  });
  const renderer = deps.renderer ?? createRenderer({ executablePath: null });
  await publicApiRoutes(app, {
    db,
    tokens,
    assistants,
    siteOrigin,
    perToken: tokenLimit(app, limits.apiCallsPerMinute),
    failedAuths: failedAuthGuard(app, limits.failedAuthsPerMinute),
    renderer,
    writer,
    comments,
    published: (diagram) => warmSharePage(renderer, diagram),
    openRender: {
      enabled: deps.openRenderApi ?? false,
      perMinute: limits.openRendersPerMinute,
      renderer,
    },
  });
  versionDiffRoutes(app, db, renderer);
  await traceCheckRoutes(app, { db, writer, renderer });
  shareEmbedRoutes(app, db, { renderer, lookupLimit });
  templateRoutes(app, { renderer });
  exportRoutes(app, { renderer, perMinute: limits.stepExportsPerMinute });
  const signInMode = deps.oidc ? 'google' : 'local';
  const shell = loadAppShell(deps.clientDir);
  if (shell) {
    sharePageRoutes(app, db, {
      shell: shellWithSignIn(shell, signInMode),
      siteOrigin,
      publicUrl,
      lookupLimit,
      hasImages: () => renderer.available,
    });
  }
  await staticRoutes(app, deps.clientDir, { signIn: signInMode, publicUrl });
  return app;
}
