/**
 * Comparing two long versions that differ everywhere is CPU work that grows with the texts: the
 * public API's and History's diff must not hold the event loop meanwhile. Proven two ways: the
 * comparison never runs on the server's thread (the shared diff's functions are wrapped here to
 * count calls on this thread; the worker thread loads its own copies), and /healthz, watched from
 * another process, stays within the stall budget. A real listening app, since `inject` would
 * queue the calls behind each other.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { diffDiagrams } from '../../shared/diagram-diff/compare.js';
import type * as Compare from '../../shared/diagram-diff/compare.js';
import type * as Drawing from '../../shared/diagram-diff/drawing.js';
import type { VersionDiffReply } from '../../shared/diagram-diff/schema.js';
import type { VersionSummary } from '../../shared/versions.js';
import type { Database } from '../db/client.js';
import type { Actor } from '../diagrams/access.js';
import { diagramWriter } from '../diagrams/writer.js';
import { apiTokenOf, injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { expectNoStall, watchedHealthz } from '../../../test/support/healthz-watch.js';

/** The shared diff's functions called on this (the server's) thread. */
const onServerThread = vi.hoisted(() => [] as string[]);

vi.mock('../../shared/diagram-diff/compare.js', async (importOriginal) => {
  const original = await importOriginal<typeof Compare>();
  return {
    ...original,
    diffDiagrams: (...args: Parameters<typeof original.diffDiagrams>) => {
      onServerThread.push('diffDiagrams');
      return original.diffDiagrams(...args);
    },
  };
});
vi.mock('../../shared/diagram-diff/drawing.js', async (importOriginal) => {
  const original = await importOriginal<typeof Drawing>();
  return {
    ...original,
    diffDrawing: (...args: Parameters<typeof original.diffDrawing>) => {
      onServerThread.push('diffDrawing');
      return original.diffDrawing(...args);
    },
  };
});

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

  beforeEach(() => {
    onServerThread.length = 0;
  });

  /** Runs `slow` while /healthz is watched; answers its answer. */
  async function offTheLoop(slow: () => Promise<Response>): Promise<Response> {
    const { answer, ...report } = await watchedHealthz({ url: base, pid: process.pid }, slow);
    expect(onServerThread).toEqual([]);
    expectNoStall(report);
    if (!answer) throw new Error('the comparison failed to answer');
    return answer;
  }

  const query = () => `from=${versions[1]!.id}&to=${versions[0]!.id}`;

  it('counts a comparison made on this thread (the wrapping the tests below rely on)', () => {
    expect(diffDiagrams('sequenceDiagram\nA->>B: a', 'sequenceDiagram\nA->>B: b').summary).toBe(
      '1 label changed',
    );
    expect(onServerThread).toEqual(['diffDiagrams']);
  });

  it('compares them off the event loop for the public API', async () => {
    const answer = await offTheLoop(() =>
      fetch(`${base}/api/v1/diagrams/${diagramId}/diff?${query()}`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    );
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as VersionDiffReply;
    expect(body.diff.summary).toBe('2000 labels changed');
  }, 60_000);

  it('compares them off the event loop for History', async () => {
    const answer = await offTheLoop(() =>
      fetch(`${base}/api/diagrams/${diagramId}/diff?${query()}`, { headers: { cookie } }),
    );
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as VersionDiffReply).diff.summary).toBe('2000 labels changed');
  }, 60_000);

  it('works out the marked version to draw off the event loop too', async () => {
    // No Chromium here: the marked text is worked out, then the drawing answers 503.
    const answer = await offTheLoop(() =>
      fetch(`${base}/api/diagrams/${diagramId}/diff?${query()}&format=svg`, {
        headers: { cookie },
      }),
    );
    expect(answer.status).toBe(503);
  }, 60_000);
});
