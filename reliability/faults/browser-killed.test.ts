/**
 * The render browser killed in the middle of a render, through the real server process: that
 * call fails cleanly (503 with an {error} body, at once) and the next call succeeds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denseFlowchart } from '../../test/fixtures/diagrams.js';
import { startApp, type AppProcess } from '../support/app-process.js';
import { convert, sequence } from '../support/client.js';
import { SaveLedger } from '../support/ledger.js';
import { browserOf, cpuTicks, descendants } from '../support/processes.js';
import { until } from '../support/traffic.js';
import { makeUsers, type TestUser } from '../support/users.js';

// CPU the browser must have spent on this call before it is killed: it is rendering by then.
const RENDERING_TICKS = 30;

describe('render browser killed mid-render', () => {
  let dataDir: string;
  let app: AppProcess;
  let user: TestUser | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lifeline-browser-'));
    app = await startApp({ env: { DATA_DIR: dataDir, RENDER_TIMEOUT_MS: '60000' } });
    [user] = await makeUsers(app.url, 1, 0, new SaveLedger());
    expect((await convert(app.url, user!.token, sequence('warm'), 'png', 120_000)).status).toBe(
      200,
    );
  });

  afterAll(async () => {
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails that call with 503 {error} and serves the next one', async () => {
    const browser = browserOf(app.pid);
    expect(browser).not.toBeNull();
    const family = descendants(browser!);
    const before = cpuTicks(family);

    const pending = convert(app.url, user!.token, denseFlowchart('doomed'), 'png', 60_000);
    await until(() => cpuTicks(family) - before >= RENDERING_TICKS, 60_000, 'the render to start');
    process.kill(browser!, 'SIGKILL');
    const failed = await pending;

    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ error: 'The renderer stopped unexpectedly. Try again.' });

    const next = await convert(app.url, user!.token, sequence('next'), 'png', 120_000);
    expect(next.status).toBe(200);
    expect(next.headers.get('content-type')).toBe('image/png');
    // A new browser serves it; the killed one is gone.
    expect(browserOf(app.pid)).not.toBe(browser);
    expect(app.child.exitCode).toBeNull();
  });
});
