/** POST /api/v1/import/trace over HTTP on a real database, and the fixtures' diagrams drawn by Chromium. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fileRenderer } from '../../../test/support/render-support.js';
import {
  generatedTrace,
  HOSTILE_NAMES,
  otlpOf,
  otlpProtoOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../../../test/fixtures/traces/fixtures.js';
import type { ApiDiagram } from '../../shared/schemas.js';
import { GET_THE_REST } from '../../shared/trace/index.js';
import { NOT_A_TRACE } from '../../shared/trace/parse.js';
import type { Database } from '../db/client.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach, describeIf } from '../../../test/support/needs.js';
import { TRACE_TOO_LARGE } from './trace-import-routes.js';

const drawing = fileRenderer();
const chromiumMissing = drawing.skip;

type Dry = { content: string; title: string; traceId: string; format: string; notes: string[] };

describeEach(testDatabases, 'POST /api/v1/import/trace on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let token: string;

  const importTrace = (
    body: string | Buffer,
    query = '',
    headers: Record<string, string> = { 'content-type': 'application/json' },
    bearer = token,
  ) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/import/trace${query}`,
      headers: { authorization: `Bearer ${bearer}`, ...headers },
      payload: body,
    });

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, {
      renderer: drawing.renderer(),
      publicUrl: 'https://lifeline.example',
    });
    owner = await signInLocally(app, 'trace-owner@example.test');
    token = await apiTokenOf(app, owner);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('says of a 5,000-span trace what it left out and how to have the rest', async () => {
    const response = await importTrace(otlpOf(generatedTrace(5000)), '?dry=true');
    expect(response.statusCode, response.body).toBe(200);
    const { notes } = response.json() as Dry;
    expect(notes).toEqual([
      `Drawn 4 calls deep to fit the drawing (at most 50,000 characters). ${GET_THE_REST}`,
      '339 of 5,000 spans drawn (676 messages); not drawn: 4,659 deeper than 4 calls, 2 inside calls folded into loops.',
      '4 identical calls folded into 2 loops; to draw each, turn off Fold repeated calls (collapse=false in the API).',
    ]);
    const unfolded = await importTrace(
      otlpOf(generatedTrace(5000)),
      '?dry=true&collapse=false&depth=5',
    );
    expect((unfolded.json() as Dry).notes.join(' ')).not.toContain('loop');
  });

  it('creates a diagram titled from the root span and its start, in the owner’s list', async () => {
    const response = await importTrace(readTraceFixture(TRACE_FIXTURES.zipkinYelp));
    expect(response.statusCode, response.body).toBe(201);
    const diagram = response.json() as ApiDiagram & Dry;
    expect(diagram).toMatchObject({
      title: 'routing: post /location/update/v4 · 2019-10-24 05:52 UTC',
      format: 'zipkin',
      traceId: 'a03ee8fff1dcd9b9',
      folderId: null,
      notes: ['15 of 16 spans drawn (30 messages); not drawn: 1 within one service.'],
    });
    expect(diagram.content).toMatch(/^sequenceDiagram\n {4}participant routing\n/);
    expect(diagram.url).toBe(`https://lifeline.example/?diagramId=${diagram.id}`);
    const stored = await app.inject({
      method: 'GET',
      url: `/api/diagrams/${diagram.id}`,
      headers: { cookie: owner },
    });
    expect(stored.json()).toMatchObject({ content: diagram.content, title: diagram.title });
  });

  it('answers only the text with dry=true, with the options applied, and creates nothing', async () => {
    const before = (
      await app.inject({ method: 'GET', url: '/api/diagrams', headers: { cookie: owner } })
    ).json() as unknown[];
    const response = await importTrace(
      readTraceFixture(TRACE_FIXTURES.jaegerGraph),
      '?dry=true&internal=self&autonumber=true&durations=false',
    );
    expect(response.statusCode, response.body).toBe(200);
    const dry = response.json() as Dry;
    expect(dry.content.split('\n').slice(0, 4)).toEqual([
      'sequenceDiagram',
      '    autonumber',
      '    participant service1',
      '    participant service2',
    ]);
    expect(dry.content).toContain('service1->>service1: op2 · error\n');
    const after = (
      await app.inject({ method: 'GET', url: '/api/diagrams', headers: { cookie: owner } })
    ).json() as unknown[];
    expect(after).toHaveLength(before.length);
  });

  it('reads JSON lines sent as plain text, and asks which trace when a file holds several', async () => {
    const lines = await importTrace(readTraceFixture(TRACE_FIXTURES.otlpLines), '?dry=true', {
      'content-type': 'application/x-ndjson',
    });
    expect(lines.statusCode, lines.body).toBe(200);
    expect((lines.json() as Dry).format).toBe('otlp');
    const flame = JSON.parse(readTraceFixture(TRACE_FIXTURES.jaegerFlamegraph)) as {
      data: unknown;
    };
    const graph = JSON.parse(readTraceFixture(TRACE_FIXTURES.jaegerGraph)) as unknown;
    const two = JSON.stringify({ data: [flame.data, graph] });
    const ask = await importTrace(two, '?dry=true');
    expect(ask.statusCode).toBe(400);
    expect(ask.json()).toEqual({
      error:
        'The file holds 2 traces; choose one with traceId (84b3fad94c6112edd6af3347d06f6f1d, trace-123).',
    });
    const chosen = await importTrace(two, '?dry=true&traceId=trace-123');
    expect((chosen.json() as Dry).traceId).toBe('trace-123');
  });

  it.each([
    ['{"not": "a trace"}', NOT_A_TRACE],
    ['', 'The file is empty.'],
    ['{"resourceSpans": [', 'The file is cut short: its JSON ends before it is complete.'],
  ])('answers 400 naming the problem for %j', async (body, message) => {
    const response = await importTrace(body, '?dry=true', { 'content-type': 'text/plain' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  });

  it('reads Tempo’s and Jaeger v3’s answers, and OTLP protobuf as exporters send it', async () => {
    const tempo = await importTrace(readTraceFixture(TRACE_FIXTURES.tempoBatches), '?dry=true');
    expect(tempo.statusCode, tempo.body).toBe(200);
    expect((tempo.json() as Dry).content).toContain(
      'shop_backend->>+auth_service: PATCH /authenticate',
    );
    expect((tempo.json() as Dry).content).toContain('article_service->>+postgres: query-articles');
    const v2 = await importTrace(readTraceFixture(TRACE_FIXTURES.tempoV2), '?dry=true');
    expect((v2.json() as Dry).content).toBe((tempo.json() as Dry).content);
    const v1 = await importTrace(readTraceFixture(TRACE_FIXTURES.zipkinV1), '?dry=true');
    expect((v1.json() as Dry).content).toContain('zipkin_query->>+spanstore_jdbc: query');
    const v3 = await importTrace(readTraceFixture(TRACE_FIXTURES.jaegerV3), '?dry=true');
    expect(v3.statusCode, v3.body).toBe(200);
    const json = readTraceFixture(TRACE_FIXTURES.otlpJaegerUi);
    const fromJson = (await importTrace(json, '?dry=true')).json() as Dry;
    const proto = await importTrace(Buffer.from(otlpProtoOf(json)), '?dry=true', {
      'content-type': 'application/x-protobuf',
    });
    expect(proto.statusCode, proto.body).toBe(200);
    expect(proto.json()).toEqual(fromJson);
    const bad = await importTrace(Buffer.from([0x0a, 0xff, 0xff, 0xff]), '?dry=true', {
      'content-type': 'application/x-protobuf',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toMatch(/^The file is not valid OTLP protobuf/);
  });

  it('answers 400 for a bad option and 401 without a token', async () => {
    const trace = readTraceFixture(TRACE_FIXTURES.zipkinSkew);
    const bad = await importTrace(trace, '?group=planet');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: string }).error).toContain('group');
    const anonymous = await importTrace(trace, '', {}, 'll_wrong');
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 413 for a 100 MB file before reading it', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/import/trace',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': String(100 * 1024 * 1024),
      },
      payload: '{}',
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: TRACE_TOO_LARGE });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, { post?: { summary: string } }>;
    };
    expect(document.paths['/api/v1/import/trace']?.post?.summary).toBe(
      'Import a trace as a sequence diagram',
    );
  });

  describeIf(chromiumMissing, 'drawn by the server renderer', () => {
    const hostile = otlpOf([
      { service: 'root', name: 'start', parent: -1, start: 0, end: 10_000 },
      ...HOSTILE_NAMES.map((name, i) => ({
        service: name,
        name,
        parent: 0,
        start: 10 + i * 100,
        end: 60 + i * 100,
      })),
    ]);
    it.each([...Object.values(TRACE_FIXTURES), 'hostile'])(
      'draws %s without an error',
      async (name) => {
        const body = name === 'hostile' ? hostile : readTraceFixture(name);
        const dry = (await importTrace(body, '?dry=true&internal=self')).json() as Dry;
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/convert',
          headers: { authorization: `Bearer ${token}` },
          payload: { content: dry.content, format: 'svg', width: 800, height: 600 },
        });
        expect(response.statusCode, response.body).toBe(200);
        const svg = response.body;
        expect(svg).not.toMatch(/<img|Syntax error/);
        if (name === 'hostile') expect(svg).toContain('x; participant Evil');
      },
    );
  });
});
