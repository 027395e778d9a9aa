/**
 * SIGTERM: requests already being served (a slow render, several saves) finish with 200, new
 * connections are refused once shutdown has begun, and the process exits with code 0 within 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denseFlowchart } from '../../test/fixtures/diagrams.js';
import { startApp, type AppProcess } from '../support/app-process.js';
import { convert, openDiagram, saveDiagram, sequence } from '../support/client.js';
import { SaveLedger } from '../support/ledger.js';
import { freshRequest } from '../support/raw-http.js';
import { makeUsers, type TestUser } from '../support/users.js';

const EXIT_WITHIN_MS = 10_000;

describe('SIGTERM', () => {
  let dataDir: string;
  let app: AppProcess;
  let users: TestUser[];
  const ledger = new SaveLedger();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lifeline-sigterm-'));
    // Debug level: the server logs each incoming request, so the test knows what is in flight.
    app = await startApp({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'debug' } });
    users = await makeUsers(app.url, 3, 1, ledger);
    // Chromium warm, so the render below is slow only because the diagram is large.
    expect((await convert(app.url, users[0]!.token, sequence('warm'), 'png', 120_000)).status).toBe(
      200,
    );
  });

  afterAll(async () => {
    await app?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes in-flight requests, refuses new ones and exits 0 within 10 s', async () => {
    const mark = app.lines.length;
    const slow = convert(app.url, users[0]!.token, denseFlowchart('slow'), 'png', 60_000);
    await app.waitForLine(
      (line) => line.includes('incoming request') && line.includes('/api/v1/convert'),
      mark,
    );
    const saves = users.map((user) => {
      const id = user.diagramIds[0]!;
      const content = `${sequence(`term ${user.index}`)}\n    Alice->>Bob: last words`;
      ledger.sending(id, content);
      return saveDiagram(
        app.url,
        user.cookie,
        id,
        content,
        ledger.latest(id).updatedAt,
        30_000,
      ).then((answer) => ({ id, content, answer }));
    });
    let seen = 0;
    await app.waitForLine(
      (line) =>
        line.includes('incoming request') && line.includes('"PUT"') && ++seen === users.length,
      mark,
    );

    const signalled = Date.now();
    app.child.kill('SIGTERM');
    await app.waitForLine((line) => line.includes('shutting down'), mark);
    const newcomer = await freshRequest(`${app.url}/healthz`);

    const rendered = await slow;
    const saved = await Promise.all(saves);
    const exit = await app.exited;
    const tookMs = Date.now() - signalled;

    expect(rendered.status, JSON.stringify(rendered.body).slice(0, 200)).toBe(200);
    expect(rendered.headers.get('content-type')).toBe('image/png');
    for (const { id, content, answer } of saved) {
      expect(answer.status).toBe(200);
      expect(answer.body.content).toBe(content);
      ledger.acknowledged(id, answer.body);
    }
    // Refused at the door, or told the server is closing: never served as if nothing happened.
    expect('refused' in newcomer ? newcomer.refused : newcomer.status).toMatch(
      /^(ECONNREFUSED|ECONNRESET|503)$/,
    );
    expect(exit).toEqual({ code: 0, signal: null });
    expect(tookMs).toBeLessThan(EXIT_WITHIN_MS);

    // The saves answered during shutdown were committed.
    app = await startApp({ env: { DATA_DIR: dataDir } });
    for (const user of users) {
      const id = user.diagramIds[0]!;
      const opened = await openDiagram(app.url, user.cookie, id);
      expect(ledger.check(id, opened.body)).toBeNull();
    }
  });
});
