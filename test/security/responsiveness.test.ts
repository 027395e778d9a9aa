/**
 * One request with hostile text must not freeze the server for everyone: while the app reads a
 * public diagram or a Markdown import built to make a regex backtrack, /healthz still answers
 * within the stall budget (healthz-watch.ts). A real listening server, since `inject` would queue the calls behind each other.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { signInLocally, testApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { expectNoStall, watchedHealthz, type HealthzReport } from '../support/healthz-watch.js';
import { describeEach } from '../support/needs.js';
import { multipartBody } from '../support/multipart.js';

const SHELL = `<!doctype html><html><head><title>Lifeline</title></head><body><div id="root"></div></body></html>`;

describeEach(testDatabases, '/healthz stays responsive under hostile text on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let cookie: string;

  beforeAll(async () => {
    const clientDir = mkdtempSync(join(tmpdir(), 'lifeline-shell-'));
    writeFileSync(join(clientDir, 'index.html'), SHELL);
    database = await open();
    app = await testApp(database, { clientDir });
    cookie = await signInLocally(app, 'attacker@example.test');
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Watches /healthz while `slow` runs; `slow` must answer below 500. */
  async function healthzDuring(slow: () => Promise<Response>): Promise<HealthzReport> {
    const { answer, ...report } = await watchedHealthz({ url: base, pid: process.pid }, slow);
    expect(answer?.status).toBeLessThan(500);
    return report;
  }

  it('while a public diagram with a line of 200,000 spaces is shown', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: { title: 'Spaces', content: `sequenceDiagram\na${' '.repeat(200_000)}` },
    });
    const shared = await app.inject({
      method: 'PUT',
      url: `/api/diagrams/${created.json().id}`,
      headers: { cookie },
      payload: { isPublic: true },
    });
    const token = shared.json().shareToken as string;
    expectNoStall(await healthzDuring(() => fetch(`${base}/d/${token}`)));
  }, 60_000);

  it('while a Markdown file with a heading of 60,000 spaces is imported', async () => {
    const markdown = `# a${' '.repeat(60_000)}b\n\n\`\`\`mermaid\nsequenceDiagram\nA->>B: hi\n\`\`\`\n`;
    const body = multipartBody([{ name: 'notes.md', content: markdown }]);
    const report = await healthzDuring(() =>
      fetch(`${base}/api/import`, {
        method: 'POST',
        headers: { ...body.headers, cookie, origin: base },
        body: body.payload,
      }),
    );
    expectNoStall(report);
  }, 60_000);
});
