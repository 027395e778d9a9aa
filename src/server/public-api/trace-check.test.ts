/** POST /api/v1/diagrams/{id}/check-trace over HTTP on a real database, the file read in the worker. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import {
  otlpProtoOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../../../test/fixtures/traces/fixtures.js';
import type { ApiDiagram } from '../../shared/schemas.js';
import type { TraceCheck } from '../../shared/trace/check.js';
import { NOT_A_TRACE } from '../../shared/trace/parse.js';
import type { Database } from '../db/client.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach, describeIf } from '../../../test/support/needs.js';

const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
let renderer: Renderer;

beforeAll(() => {
  renderer = createRenderer({ executablePath: chromium, queue: 8 });
});
afterAll(async () => {
  await renderer?.close();
});

describeEach(testDatabases, 'POST /api/v1/diagrams/{id}/check-trace on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let strangerToken: string;

  const check = (
    id: number,
    body: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/diagrams/${id}/check-trace`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload: body,
    });
  const create = async (content: string, bearer = token) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/v1/diagrams',
        headers: { authorization: `Bearer ${bearer}` },
        payload: { title: 'Checked', content },
      })
    ).json() as ApiDiagram;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { renderer });
    token = await apiTokenOf(app, await signInLocally(app, 'checker@example.test'));
    strangerToken = await apiTokenOf(app, await signInLocally(app, 'stranger@example.test'));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds no drift in the diagram a trace imports as, in JSON or protobuf', async () => {
    const trace = readTraceFixture(TRACE_FIXTURES.otlpJaegerUi);
    const imported = (
      await app.inject({
        method: 'POST',
        url: '/api/v1/import/trace',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: trace,
      })
    ).json() as ApiDiagram;
    const json = await check(imported.id, trace);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ ok: true, onlyInTrace: [], onlyInDiagram: [] });
    const proto = await check(imported.id, Buffer.from(otlpProtoOf(trace)), {
      'content-type': 'application/x-protobuf',
    });
    expect(proto.json()).toEqual(json.json());
  });

  it('names the calls a hand-drawn diagram lacks and the messages no trace shows', async () => {
    // The Zipkin skew trace: servicea calls serviceb.
    const diagram = await create(
      [
        'sequenceDiagram',
        '    %% service A = servicea',
        '    participant A as Service A',
        '    participant Audit',
        '    A->>Audit: record',
      ].join('\n'),
    );
    const response = await check(diagram.id, readTraceFixture(TRACE_FIXTURES.zipkinSkew));
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as TraceCheck;
    expect(answer.ok).toBe(false);
    expect(answer.onlyInDiagram).toEqual([{ from: 'A', to: 'Audit', label: 'record', line: 5 }]);
    expect(answer.onlyInTrace.map(({ from, to }) => `${from}->${to}`)).toContain('A->serviceb');
  });

  it('answers 404 for a stranger’s diagram even with a bad file, 400 naming a bad file, 401 without a token', async () => {
    const theirs = await create('sequenceDiagram\n    A->>B: hi', strangerToken);
    const stranger = await check(theirs.id, 'not a trace at all', { 'content-type': 'text/plain' });
    expect(stranger.statusCode).toBe(404);
    const mine = await create('sequenceDiagram\n    A->>B: hi');
    const bad = await check(mine.id, '{"not": "a trace"}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: NOT_A_TRACE });
    const none = await app.inject({
      method: 'POST',
      url: `/api/v1/diagrams/${mine.id}/check-trace`,
      headers: { 'content-type': 'application/json' },
      payload: readTraceFixture(TRACE_FIXTURES.zipkinSkew),
    });
    expect(none.statusCode).toBe(401);
  });
  describeIf(chromiumMissing, 'drawn', () => {
    it('draws the calls the diagram lacks added in green and the made-up message in amber', async () => {
      const diagram = await create(
        'sequenceDiagram\n    participant A as servicea\n    A->>Audit: record\n',
      );
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/diagrams/${diagram.id}/check-trace?format=svg&theme=dark`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: readTraceFixture(TRACE_FIXTURES.zipkinSkew),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(response.headers['x-trace-check']).toBe('drift');
      expect(response.body).toContain('lifeline-diff-added');
      expect(response.body).toContain('lifeline-diff-changed');
      expect(response.body).toContain('serviceb');
    });
  });
});
