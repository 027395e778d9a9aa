/**
 * Comparing two long versions that differ everywhere takes seconds of CPU: the public API's and
 * History's diff must not hold the event loop meanwhile. A real listening app, since `inject`
 * would queue the calls behind each other.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import type { VersionSummary } from '../../shared/versions.js';
import type { Database } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import { diagramWriter } from '../diagrams/writer.js';
import { apiTokenOf, injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';

const HEALTH_BUDGET_MS = 500;
const [pglite] = testDatabases;

/** About 46,000 characters: every message a different pair and label from the other version. */
const version = (label: string, order: 1 | -1) => {
  const lines = Array.from(
    { length: 2000 },
    (_, i) => `  P${i % 40}->>P${(i * 7) % 40}: ${label} ${i}`,
  );
  return `sequenceDiagram\n${(order === 1 ? lines : lines.reverse()).join('\n')}`;
};

describe('comparing two long versions', () => {
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let cookie: string;
  let token: string;
  let diagramId: number;
  let versions: VersionSummary[];

  beforeAll(async () => {
    database = await pglite!.open();
    app = await testApp(database);
    cookie = await signInLocally(app, 'long-diff@example.test');
    token = await apiTokenOf(app, cookie);
    const session = (options: Parameters<typeof injectWithCookie>[1]) =>
      injectWithCookie(app, options, cookie);
    const created = await session({
      method: 'POST',
      url: '/api/diagrams',
      payload: { title: 'Long', content: version('alpha', 1) },
    });
    diagramId = (created.json() as { id: number }).id;
    // The second version is written by the diagram writer itself, not through PUT: what a PUT
    // of a long text costs is not what this test is about.
    const actor = (await session({ method: 'GET', url: '/api/user' })).json() as Actor;
    const written = await diagramWriter(database.db).update(actor, diagramId, {
      content: version('omega', -1),
    });
    expect(written).not.toBeNull();
    versions = (
      await session({ method: 'GET', url: `/api/diagrams/${diagramId}/versions` })
    ).json() as VersionSummary[];
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** Starts `slow`, then times /healthz calls until `slow` has answered; answers both. */
  async function slowestHealthCheckDuring(slow: () => Promise<Response>) {
    let done = false;
    const request = slow().finally(() => (done = true));
    let slowest = 0;
    let checks = 0;
    while (!done || checks === 0) {
      const started = performance.now();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      checks += 1;
    }
    return { slowest, answer: await request };
  }

  const query = () => `from=${versions[1]!.id}&to=${versions[0]!.id}`;

  it('answers /healthz within 500 ms while the public API compares them', async () => {
    const { slowest, answer } = await slowestHealthCheckDuring(() =>
      fetch(`${base}/api/v1/diagrams/${diagramId}/diff?${query()}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as VersionDiffReply;
    expect(body.diff.summary).toBe('2000 labels changed');
    expect(slowest).toBeLessThan(HEALTH_BUDGET_MS);
  }, 60_000);

  it('answers /healthz within 500 ms while History compares them', async () => {
    const { slowest, answer } = await slowestHealthCheckDuring(() =>
      fetch(`${base}/api/diagrams/${diagramId}/diff?${query()}`, { headers: { cookie } }),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as VersionDiffReply).diff.summary).toBe('2000 labels changed');
    expect(slowest).toBeLessThan(HEALTH_BUDGET_MS);
  }, 60_000);

  it('works out the marked version to draw off the event loop too', async () => {
    // No Chromium here: the marked text is worked out, then the drawing answers 503.
    const { slowest, answer } = await slowestHealthCheckDuring(() =>
      fetch(`${base}/api/diagrams/${diagramId}/diff?${query()}&format=svg`, {
        headers: { cookie },
      }),
    );
    expect(answer.status).toBe(503);
    expect(slowest).toBeLessThan(HEALTH_BUDGET_MS);
  }, 60_000);
});
