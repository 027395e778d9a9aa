/** config → database → app → listen. The only file that listens. */
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, redactUrl, type Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { oidcClient } from './auth/oidc.js';
import { STALL_MESSAGE, watchEventLoop } from './health/loop-watch.js';
import { readableStream } from './logging/request-log.js';
import { findChromium } from './chromium-render/chromium.js';
import { createRenderer } from './chromium-render/renderer.js';
import { loadAppSecret } from './secrets.js';
import { DEFAULT_UPDATE_BOUNDS } from './live/update-check.js';

const CLIENT_DIR = fileURLToPath(new URL('../../client', import.meta.url));
/** A stopping server exits within 10 s, in-flight requests done or not. */
const SHUTDOWN_LIMIT_MS = 9_500;

function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

async function connect(config: Config): Promise<Database> {
  const spec =
    config.database.kind === 'pglite'
      ? { kind: 'pglite' as const, dataDir: config.database.dataDir }
      : config.database;
  try {
    return await openDatabase(spec);
  } catch (error) {
    const where =
      config.database.kind === 'pglite'
        ? `the embedded database in ${config.database.dataDir}`
        : `PostgreSQL at ${redactUrl(config.database.url)}`;
    const reason = error instanceof Error ? error.message : String(error);
    return fail(`Cannot open ${where}: ${reason}`);
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const database = await connect(config);
  const chromiumPath = findChromium();
  const renderer = createRenderer({
    executablePath: chromiumPath,
    pages: config.render.pages,
    queue: config.render.queue,
    timeoutMs: config.render.timeoutMs,
    cacheBytes: config.render.cacheMb * 1024 * 1024,
  });
  const app = await buildApp({
    renderer,
    limits: { ...config.limits, apiCallsPerMinute: config.render.perMinute },
    openRenderApi: config.openRenderApi,
    redis: config.redis,
    database,
    appSecret: loadAppSecret(config.appSecret, config.dataDir),
    oidc: config.oidc ? oidcClient(config.oidc) : null,
    publicUrl: config.publicUrl,
    listenOrigin: config.listenOrigin,
    trustProxy: config.trustProxy,
    connections: config.connections,
    live: {
      update: {
        ...DEFAULT_UPDATE_BOUNDS,
        clientsMax: config.live.updateClientsMax,
        itemsMax: config.live.updateItemsMax,
      },
    },
    liveDocumentMaxBytes: config.live.documentMaxBytes,
    liveRates: {
      userMessagesPerSecond: config.live.userMessagesPerSecond,
      documentMessagesPerSecond: config.live.documentMessagesPerSecond,
      userBytesPerSecond: config.live.userBytesPerSecond,
      documentBytesPerSecond: config.live.documentBytesPerSecond,
      socketDocuments: config.live.socketDocuments,
      userDocuments: config.live.userDocuments,
      addressAuthsPerMinute: config.live.addressAuthsPerMinute,
      socketBufferBytes: config.live.socketBufferBytes,
    },
    clientDir: CLIENT_DIR,
    logLevel: config.logLevel,
    // A person at a terminal reads development logs; production's, and any piped elsewhere, stay
    // JSON lines for a collector (or a test) to parse.
    ...(!config.production && process.stdout.isTTY ? { logStream: readableStream() } : {}),
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Whatever still runs after this is cut off, so the process is gone within 10 s.
    const force = setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
    // app.close() stops accepting connections, answers 503 to new requests on open ones and
    // waits for requests in flight. Node closes only the connections idle at that moment; a
    // keep-alive connection whose request finishes later would hold the close open until its
    // client hangs up, so idle connections are closed again until the server is closed.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(reaper);
    }
    await renderer.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      fail(`Port ${config.port} is already in use; set PORT to a free one.`);
    throw error;
  }
  // Start-up is over: from here on a request or frame that holds the event loop is logged.
  watchEventLoop((stall) => app.log.warn({ stall }, STALL_MESSAGE), {
    precise: config.preciseLoopWatch,
  });
  process.stdout.write(`Lifeline is running at ${config.listenOrigin}\n`);
  process.stdout.write(
    config.oidc
      ? `Sign-in: OpenID Connect through ${config.oidc.issuerUrl}.\n`
      : 'Sign-in: local mode (no OIDC issuer configured): anyone reaching this server signs in with a name and e-mail address of their choosing. Set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for Google sign-in.\n',
  );
  if (!chromiumPath) {
    process.stdout.write(
      'No Chromium found: POST /api/v1/convert answers 503 until one is installed or CHROME_PATH names one.\n',
    );
  }
}

void main();
