/**
 * The app killed with SIGKILL in the middle of an auto-save burst on the embedded database
 * (PGlite), twice: after each restart on the same DATA_DIR the database opens cleanly and every
 * save and every new diagram the server acknowledged is there with its exact content.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type AppProcess } from '../support/app-process.js';
import { call, openDiagram, sequence, type DiagramBody } from '../support/client.js';
import { SaveLedger } from '../support/ledger.js';
import { startTraffic, until } from '../support/traffic.js';
import { makeUsers, type TestUser } from '../support/users.js';

const ROUNDS = 2;

describe('SIGKILL during an auto-save burst on PGlite', () => {
  let dataDir: string;
  let app: AppProcess;
  let users: TestUser[];
  const ledger = new SaveLedger();
  /** Diagrams created during the bursts and answered 201, with their text. */
  const created = new Map<number, { owner: TestUser; content: string }>();

  const start = () => startApp({ env: { DATA_DIR: dataDir } });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lifeline-sigkill-'));
    app = await start();
    users = await makeUsers(app.url, 5, 2, ledger, false);
  });

  afterAll(async () => {
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged save across ${ROUNDS} kills at a random moment`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const base = app.url;
      const burst = startTraffic(base, users, ledger, { pauseMs: 0, kinds: ['save'] });
      let creating = true;
      const creator = (async () => {
        for (let i = 0; creating; i += 1) {
          const owner = users[i % users.length]!;
          const content = sequence(`new r${round} n${i}`);
          try {
            const answer = await call<DiagramBody>(`${base}/api/diagrams`, {
              method: 'POST',
              headers: { cookie: owner.cookie, 'content-type': 'application/json' },
              body: JSON.stringify({ title: `New ${round}.${i}`, content }),
              timeoutMs: 10_000,
            });
            if (answer.status === 201) created.set(answer.body.id, { owner, content });
          } catch {
            // Cut off by the kill: not acknowledged, so nothing is owed.
          }
        }
      })();

      // A random moment well inside the burst.
      const began = Date.now();
      const killAfter = 20 + Math.floor(Math.random() * 60);
      await until(() => burst.ackedSince(began) >= killAfter, 120_000, `${killAfter} saves`);
      app.child.kill('SIGKILL');
      const exit = await app.exited;
      creating = false;
      await Promise.all([burst.stop(), creator]);
      expect(exit.signal).toBe('SIGKILL');
      expect(burst.records.filter((r) => r.problem)).toEqual([]);

      app = await start();
      const health = await call<{ status: string }>(`${app.url}/healthz`);
      expect(health.body).toEqual({ status: 'ok', database: 'pglite' });

      for (const user of users) {
        for (const id of user.diagramIds) {
          const opened = await openDiagram(app.url, user.cookie, id);
          expect(opened.status).toBe(200);
          expect(ledger.check(id, opened.body)).toBeNull();
        }
      }
      for (const [id, { owner, content }] of created) {
        const opened = await openDiagram(app.url, owner.cookie, id);
        expect(opened.status, `created diagram ${id}`).toBe(200);
        expect(opened.body.content).toBe(content);
      }
    }
    expect(ledger.totalSaves()).toBeGreaterThanOrEqual(40);
    expect(created.size).toBeGreaterThan(0);
  });
});
