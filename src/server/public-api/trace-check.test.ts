/**
 * POST /api/v1/diagrams/{id}/check-trace and the editor's session route
 * POST /api/diagrams/{id}/check-trace over HTTP on a real database, the file read in the worker.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileRenderer } from '../../../test/support/render-support.js';
import {
  otlpProtoOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../../../test/fixtures/traces/fixtures.js';
import type { ApiDiagram } from '../../shared/schemas.js';
import type { TraceCheck } from '../../shared/trace/check.js';
import { NOT_A_TRACE } from '../../shared/trace/parse.js';
import type { Database } from '../db/client.js';
import { apiTokenOf, injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { multipartBody } from '../../../test/support/multipart.js';
import { describeEach, describeIf } from '../../../test/support/needs.js';
import { TEXT_TOO_LONG } from '../trace-import/routes.js';
import { CONTENT_MAX } from '../../shared/schemas.js';

const drawing = fileRenderer();
const chromiumMissing = drawing.skip;

describeEach(testDatabases, 'POST /api/v1/diagrams/{id}/check-trace on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let strangerToken: string;
  let cookie: string;
  let strangerCookie: string;

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
    app = await testApp(database, { renderer: drawing.renderer() });
    cookie = await signInLocally(app, 'checker@example.test');
    strangerCookie = await signInLocally(app, 'stranger@example.test');
    token = await apiTokenOf(app, cookie);
    strangerToken = await apiTokenOf(app, strangerCookie);
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
  it('answers the editor (session route) the same check, 400 naming a bad file, 404 and 401', async () => {
    const diagram = await create(
      'sequenceDiagram\n    participant A as servicea\n    A->>Audit: record\n',
    );
    const trace = readTraceFixture(TRACE_FIXTURES.zipkinSkew);
    const session = (id: number, body: string, as?: string) =>
      injectWithCookie(
        app,
        {
          method: 'POST',
          url: `/api/diagrams/${id}/check-trace`,
          headers: { 'content-type': 'application/json' },
          payload: body,
        },
        as,
      );
    const answer = await session(diagram.id, trace, cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual((await check(diagram.id, trace)).json());
    expect((answer.json() as TraceCheck).onlyInDiagram).toEqual([
      { from: 'A', to: 'Audit', label: 'record', line: 3 },
    ]);
    const bad = await session(diagram.id, '{"rows": []}', cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: NOT_A_TRACE });
    expect((await session(diagram.id, 'not a trace', strangerCookie)).statusCode).toBe(404);
    expect((await session(diagram.id, trace)).statusCode).toBe(401);
  });
  it('checks the text the editor sends with the file, and never stores it', async () => {
    // Stored: a made-up call. Sent: the trace's own call, as the editor shows it now.
    const stored = 'sequenceDiagram\n    participant A as servicea\n    A->>Audit: record\n';
    const diagram = await create(stored);
    const shown = 'sequenceDiagram\n    participant A as servicea\n    A->>serviceb: call\n';
    const trace = readTraceFixture(TRACE_FIXTURES.zipkinSkew);
    const form = (text: string) =>
      multipartBody([{ name: 'trace.json', content: trace, type: 'application/json' }], 'file', {
        text,
      });
    const send = (text: string, query = '') =>
      injectWithCookie(
        app,
        { method: 'POST', url: `/api/diagrams/${diagram.id}/check-trace${query}`, ...form(text) },
        cookie,
      );
    const answer = await send(shown);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ok: true, onlyInTrace: [], onlyInDiagram: [] });
    // The stored text is as it was, and still drifts.
    const read = await app.inject({
      method: 'GET',
      url: `/api/v1/diagrams/${diagram.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect((read.json() as ApiDiagram).content).toBe(stored);
    expect((await check(diagram.id, trace)).json()).toMatchObject({ ok: false });
    // Bounded like a save.
    const long = await send(`sequenceDiagram\n%%${'x'.repeat(CONTENT_MAX)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: TEXT_TOO_LONG });
    // A stranger's diagram stays unknown whatever the form holds.
    const theirs = await injectWithCookie(
      app,
      { method: 'POST', url: `/api/diagrams/${diagram.id}/check-trace`, ...form(shown) },
      strangerCookie,
    );
    expect(theirs.statusCode).toBe(404);
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
    it('answers the check and its drawing together for the editor, from one file', async () => {
      const diagram = await create('sequenceDiagram\n    participant A as servicea\n');
      const text = 'sequenceDiagram\n    participant A as servicea\n    A->>Audit: record\n';
      const response = await injectWithCookie(
        app,
        {
          method: 'POST',
          url: `/api/diagrams/${diagram.id}/check-trace?format=both&theme=dark`,
          ...multipartBody(
            [{ name: 'skew.json', content: readTraceFixture(TRACE_FIXTURES.zipkinSkew) }],
            'file',
            { text },
          ),
        },
        cookie,
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json() as TraceCheck & { svg: string | null };
      expect(answer.onlyInDiagram).toEqual([{ from: 'A', to: 'Audit', label: 'record', line: 3 }]);
      expect(answer.svg).toContain('lifeline-diff-added');
      expect(answer.svg).toContain('lifeline-diff-changed');
    });
  });
});
