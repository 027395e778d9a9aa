/**
 * The server under test, in its own process so its memory is measured alone: the real app on an
 * in-memory PGlite with the real renderer, configured by the RENDER_* variables like main.ts.
 * Tells the parent its port and an API token, then answers memory questions over IPC.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/server/app';
import { apiTokensStore } from '../../src/server/api-tokens/store';
import { tokenKey } from '../../src/server/api-tokens/token-crypto';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { findChromium } from '../../src/server/chromium-render/chromium';
import { createRenderer } from '../../src/server/chromium-render/renderer';
import { usersStore } from '../../src/server/users/store';

export interface ServerHello {
  port: number;
  /** An API token of the first bench user. */
  token: string;
  /**
   * One API token per client of the throughput burst, each of its own user: the renderer keeps
   * one caller to half of the pages (fair-share.ts), so clients of one user share one page.
   */
  tokens: string[];
}

// The built server runs without source maps; tsx turns them on, and Playwright then maps every
// frame of the stack it captures on each page call: 9% of this process's CPU in a throughput
// burst that `node dist/node/server/main.js` does not spend.
process.setSourceMapsEnabled(false);

/** Users the server makes, each with an API token. */
const USERS = 4;

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const renderer = createRenderer({
    executablePath: findChromium(),
    pages: config.render.pages,
    queue: config.render.queue,
    timeoutMs: config.render.timeoutMs,
    cacheBytes: config.render.cacheMb * 1024 * 1024,
  });
  const appSecret = 'bench-secret-bench-secret-bench-secret';
  const app = await buildApp({
    database,
    appSecret,
    renderer,
    limits: { apiCallsPerMinute: 1_000_000, openRendersPerMinute: 1_000_000 },
    openRenderApi: true,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const user = await usersStore(database.db).upsert({
      identity: `local bench${i}@example.test`,
      name: `Bench ${i}`,
      email: `bench${i}@example.test`,
      emailVerified: true,
      avatarUrl: null,
    });
    tokens.push(await apiTokensStore(database.db, tokenKey(appSecret)).get(user));
  }
  const { port } = app.server.address() as AddressInfo;
  process.send?.({ port, token: tokens[0]!, tokens } satisfies ServerHello);
  // The benchmark died: do not outlive it.
  process.on('disconnect', () => process.exit(1));
  process.on('message', (message) => {
    if (message === 'memory') {
      global.gc?.();
      process.send?.({ rss: process.memoryUsage().rss });
    }
    if (message === 'stop') {
      void app
        .close()
        .then(() => renderer.close())
        .then(() => database.close())
        .then(() => process.exit(0));
    }
  });
}

void main();
