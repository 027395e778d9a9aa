import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './src/server/chromium-render/chromium';
import { ISSUER, ISSUER_CLIENT, LOCAL_APP, OIDC_APP, PORTS } from './e2e/support/servers';

const executablePath = findChromium() ?? undefined;
// Fresh embedded databases for every run.
const freshDataDir = (name: string) => mkdtempSync(join(tmpdir(), `lifeline-e2e-${name}-`));
const app = (port: number, env: Record<string, string>) => ({
  command: 'node dist/node/server/main.js',
  url: `http://127.0.0.1:${port}/healthz`,
  reuseExistingServer: false,
  timeout: 60_000,
  // Every test signs in from 127.0.0.1; the per-address limits are for people, not suites. Two
  // workers' browsers, each with a context per person, can hold more than one address's 64
  // connections, past which the server closes new ones at once: the likely reason a public
  // page's frame, sent its text, never drew in the full suite only ("Loading renderer…").
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SIGN_INS_PER_MINUTE: '100000',
    CONNECTIONS_PER_ADDRESS: '0',
    ...env,
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  // A page that loads the editor, mermaid and the render frame can take over 15 s on a busy
  // two-core machine; a failing assertion only waits longer.
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: LOCAL_APP,
    // A trace records every action's screenshots and DOM: it doubled the suite's CPU time, so it is
    // kept only when asked for (E2E_TRACE=1), to look into a failure.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    acceptDownloads: true,
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'npx tsx test/support/oidc-issuer-main.ts',
      url: `${ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ISSUER_PORT: String(PORTS.issuer),
        ISSUER_REDIRECT_URIS: `${OIDC_APP}/auth/google/callback`,
        ISSUER_CLIENT_ID: ISSUER_CLIENT.id,
        ISSUER_CLIENT_SECRET: ISSUER_CLIENT.secret,
      },
    },
    app(PORTS.local, { DATA_DIR: freshDataDir('local') }),
    app(PORTS.oidc, {
      DATA_DIR: freshDataDir('oidc'),
      OIDC_ISSUER_URL: ISSUER,
      OIDC_CLIENT_ID: ISSUER_CLIENT.id,
      OIDC_CLIENT_SECRET: ISSUER_CLIENT.secret,
    }),
  ],
});
