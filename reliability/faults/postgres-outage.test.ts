/**
 * PostgreSQL stopped under load for OUTAGE_SECONDS, then started again, on a private cluster of
 * the test's own: every call during the outage answers 503 {error} within 5 s, the same app
 * process serves again once the database is back, and no acknowledged save is lost.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type AppProcess } from '../support/app-process.js';
import { call, openDiagram } from '../support/client.js';
import { OUTAGE_SECONDS } from '../support/durations.js';
import { SaveLedger } from '../support/ledger.js';
import { describeIf } from '../../test/support/needs.js';
import { privateCluster, serverBinariesSkip, type Cluster } from '../support/postgres.js';
import { startTraffic, until } from '../support/traffic.js';
import { makeUsers, type TestUser } from '../support/users.js';

const FAIL_FAST_MS = 5000;
const UNREACHABLE = 'The database is not reachable. Try again shortly.';

describeIf(serverBinariesSkip(), 'PostgreSQL outage under load', () => {
  let cluster: Cluster;
  let app: AppProcess;
  let dataDir: string;
  let users: TestUser[];
  const ledger = new SaveLedger();

  beforeAll(async () => {
    cluster = await privateCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'lifeline-outage-'));
    app = await startApp({ env: { DATA_DIR: dataDir, DATABASE_URL: cluster.url } });
    users = await makeUsers(app.url, 6, 2, ledger, false);
  });

  afterAll(async () => {
    await app?.kill();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers 503 fast while the database is down for ${OUTAGE_SECONDS} s and recovers without a restart`, async () => {
    const traffic = startTraffic(app.url, users, ledger);
    const health: Array<{ status: number; ms: number }> = [];
    let stopped = 0;
    let restarting = 0;
    try {
      const began = Date.now();
      await until(
        () => traffic.ackedSince(began) >= 2 * users.length,
        60_000,
        'saves before the outage',
      );

      await cluster.stop();
      stopped = Date.now();
      const probe = await call(`${app.url}/healthz`, { timeoutMs: 10_000 });
      health.push({ status: probe.status, ms: probe.ms });
      await new Promise((resolve) =>
        setTimeout(resolve, OUTAGE_SECONDS * 1000 - (Date.now() - stopped)),
      );
      restarting = Date.now();
      await cluster.start();

      const back = Date.now();
      await until(
        () => traffic.ackedSince(back) >= 2 * users.length,
        60_000,
        'saves after the outage',
      );
    } finally {
      await traffic.stop();
    }

    const during = traffic.records.filter((r) => r.startedAt >= stopped && r.endedAt <= restarting);
    expect(during.length).toBeGreaterThan(users.length);
    const wrong = during.filter(
      (r) => r.status !== 503 || r.error !== UNREACHABLE || r.endedAt - r.startedAt > FAIL_FAST_MS,
    );
    expect(wrong).toEqual([]);
    expect(health).toEqual([{ status: 503, ms: expect.any(Number) }]);
    expect(health[0]!.ms).toBeLessThan(FAIL_FAST_MS);

    // Around the outage: only answers, never a 500, a hang or a lost update.
    const bad = traffic.records.filter(
      (r) => r.problem || ![200, 503].includes(r.status) || r.endedAt - r.startedAt > FAIL_FAST_MS,
    );
    expect(bad).toEqual([]);

    // The same process, serving again.
    expect(app.child.exitCode).toBeNull();
    expect((await call(`${app.url}/healthz`)).status).toBe(200);

    for (const user of users) {
      for (const id of user.diagramIds) {
        const opened = await openDiagram(app.url, user.cookie, id);
        expect(opened.status).toBe(200);
        expect(ledger.check(id, opened.body)).toBeNull();
      }
    }
  });
});
