import { describe, expect, it } from 'vitest';
import {
  otlpProtoOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../../../test/fixtures/traces/fixtures.js';
import { parseTraceBytes } from './bytes.js';
import { TraceFileError } from './model.js';
import { NOT_A_TRACE, parseTraceFile } from './parse.js';

const parse = (name: string) => parseTraceFile(readTraceFixture(name));
const services = (name: string) => [...new Set(parse(name).traces[0]!.spans.map((s) => s.service))];
const problem = (text: string) => {
  try {
    parseTraceFile(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TraceFileError);
    return (error as Error).message;
  }
  throw new Error('parsed without complaint');
};

describe('parseTraceFile on real traces', () => {
  it.each([
    [TRACE_FIXTURES.otlpProto, 'otlp', 1, ['my.service']],
    [TRACE_FIXTURES.otlpLines, 'otlp', 4, ['example-trace']],
    [TRACE_FIXTURES.jaegerFlamegraph, 'jaeger', 4, ['load-generator', 'ride-sharing-app']],
    [TRACE_FIXTURES.jaegerGraph, 'jaeger', 11, ['service1', 'service2']],
    [TRACE_FIXTURES.jaegerMulti, 'jaeger', 4, ['example-trace']],
    [TRACE_FIXTURES.zipkinSkew, 'zipkin', 4, ['serviceb', 'servicea']],
    [TRACE_FIXTURES.zipkinKafka, 'zipkin', 28, ['servicea', 'serviceb']],
  ])('reads %s as %s with %i spans', (name, format, count, names) => {
    const file = parse(name);
    expect(file.format).toBe(format);
    expect(file.traces).toHaveLength(1);
    expect(file.traces[0]!.spans).toHaveLength(count);
    expect(services(name)).toEqual(names);
  });

  it('reads OTLP ids written in base64 as the same hex ids', () => {
    const document = JSON.parse(readTraceFixture(TRACE_FIXTURES.otlpProto)) as {
      resourceSpans: { scopeSpans: { spans: Record<string, string>[] }[] }[];
    };
    const span = document.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
    span.traceId = b64(span.traceId!);
    span.spanId = b64(span.spanId!);
    span.parentSpanId = b64(span.parentSpanId!);
    const read = parseTraceFile(JSON.stringify(document)).traces[0]!.spans[0]!;
    expect(read).toMatchObject({
      traceId: '5b8efff798038103d269b633813fc60c',
      id: 'eee19b7ec3c1b174',
      parentId: 'eee19b7ec3c1b173',
      kind: 'server',
      duration: 1_000_000,
    });
  });

  it('reads OTLP JSON lines, one export per line', () => {
    const text = readTraceFixture(TRACE_FIXTURES.otlpLines);
    expect(text.trim().split('\n').length).toBeGreaterThan(1);
    const spans = parseTraceFile(text).traces[0]!.spans;
    expect(spans.map((s) => s.name)).toContain('main');
  });

  it('finds every trace of a Jaeger file with data holding several, and of Zipkin trace lists', () => {
    const flame = JSON.parse(readTraceFixture(TRACE_FIXTURES.jaegerFlamegraph)) as {
      data: unknown;
    };
    const graph = JSON.parse(readTraceFixture(TRACE_FIXTURES.jaegerGraph)) as unknown;
    const jaeger = parseTraceFile(JSON.stringify({ data: [flame.data, graph] }));
    expect(jaeger.traces.map((t) => [t.traceId, t.spans.length])).toEqual([
      ['84b3fad94c6112edd6af3347d06f6f1d', 4],
      ['trace-123', 11],
    ]);
    const yelp = JSON.parse(readTraceFixture(TRACE_FIXTURES.zipkinYelp)) as unknown;
    const skew = JSON.parse(readTraceFixture(TRACE_FIXTURES.zipkinSkew)) as unknown;
    const zipkin = parseTraceFile(JSON.stringify([yelp, skew]));
    expect(zipkin.format).toBe('zipkin');
    expect(zipkin.traces.map((t) => t.spans.length)).toEqual([16, 4]);
  });

  it('splits a Zipkin client and server sharing one id into caller and callee', () => {
    const spans = parse(TRACE_FIXTURES.zipkinSkew).traces[0]!.spans;
    const server = spans.find((s) => s.id === '74280ae0c10d8062')!;
    const client = spans.find((s) => s.id === '74280ae0c10d8062~client')!;
    expect(client.service).toBe('servicea');
    expect(server).toMatchObject({ service: 'serviceb', parentId: client.id });
  });

  it('reads the HTTP route, the error mark and the remote service', () => {
    const spans = parse(TRACE_FIXTURES.zipkinDb).traces[0]!.spans;
    expect(spans.filter((s) => s.remote === 'app_db')).toHaveLength(4);
    const graph = parse(TRACE_FIXTURES.jaegerGraph).traces[0]!.spans;
    expect(graph.filter((s) => s.error).map((s) => s.id)).toEqual(['span-2']);
    const flame = parse(TRACE_FIXTURES.jaegerFlamegraph).traces[0]!.spans;
    expect(flame.map((s) => s.route)).toContain('GET /bike');
  });
});

describe('parseTraceFile on bad input', () => {
  it('names what is wrong', () => {
    expect(problem('')).toBe('The file is empty.');
    expect(problem('{"hello": "world"}')).toBe(NOT_A_TRACE);
    expect(problem('[1, 2, 3]')).toBe(NOT_A_TRACE);
    expect(problem('sequenceDiagram\n  A->>B: hi')).toMatch(/^Line 1 is not valid JSON/);
    expect(problem('<html>')).toMatch(/^The file is not valid JSON/);
  });

  it('says a file is cut short', () => {
    const yelp = readTraceFixture(TRACE_FIXTURES.zipkinYelp);
    expect(problem(yelp.replace(/\s+/g, ' ').slice(0, 1500))).toBe(
      'The file is cut short: its JSON ends before it is complete.',
    );
    const lines = readTraceFixture(TRACE_FIXTURES.otlpLines).trim();
    expect(problem(lines.slice(0, -40))).toMatch(/^The file is cut short: its last line \(\d+\)/);
  });

  it('names the field of a span that is not what the format says', () => {
    const flame = JSON.parse(readTraceFixture(TRACE_FIXTURES.jaegerFlamegraph)) as {
      data: { spans: Record<string, unknown>[] };
    };
    flame.data.spans[2]!.startTime = 'soon';
    expect(problem(JSON.stringify(flame))).toMatch(/^spans\.2\.startTime: /);
    expect(
      problem('{"resourceSpans": [{"scopeSpans": [{"spans": [{"traceId": "ab"}]}]}]}'),
    ).toMatch(/^resourceSpans\.0\.scopeSpans\.0\.spans\.0\.spanId: /);
    expect(problem('{"resourceSpans": []}')).toBe('The file holds no spans.');
  });
});

describe('Zipkin v1 JSON', () => {
  const endpoint = (serviceName: string) => ({ serviceName, ipv4: '10.0.0.1' });
  const at = (value: string, timestamp: number, service: string) => ({
    value,
    timestamp,
    endpoint: endpoint(service),
  });

  it('reads the Zipkin site’s v1 example: local and client spans, the callee a client named', () => {
    const file = parse(TRACE_FIXTURES.zipkinV1);
    expect(file.format).toBe('zipkin');
    expect(file.traces[0]!.spans.map((s) => [s.service, s.name, s.kind, s.remote])).toEqual([
      ['zipkin-query', 'get', 'server', null],
      ['zipkin-query', 'get-traces', 'internal', null],
      ['zipkin-query', 'query', 'client', 'spanstore-jdbc'],
      ['zipkin-query', 'query', 'client', 'spanstore-jdbc'],
      ['zipkin-query', 'query', 'client', 'spanstore-jdbc'],
    ]);
    const [query] = file.traces[0]!.spans.filter((s) => s.name === 'query');
    expect([query!.start, query!.duration]).toEqual([1458702548786000, 13000]);
  });

  it('splits a span holding both halves of a call into a client and its server, as Zipkin does', () => {
    const span = {
      traceId: 'a1',
      id: 'b2',
      parentId: 'c3',
      name: 'get /cart',
      timestamp: 1000,
      duration: 90,
      annotations: [
        at('cs', 1000, 'web'),
        at('sr', 1010, 'cart'),
        at('ss', 1080, 'cart'),
        at('cr', 1090, 'web'),
      ],
      binaryAnnotations: [{ key: 'http.path', value: '/cart', endpoint: endpoint('cart') }],
    };
    const root = {
      traceId: 'a1',
      id: 'c3',
      name: 'checkout',
      annotations: [at('sr', 990, 'web'), at('ss', 1100, 'web')],
    };
    const file = parseTraceFile(JSON.stringify([root, span]));
    const spans = file.traces[0]!.spans;
    expect(spans.map((s) => [s.service, s.kind, s.start, s.duration])).toEqual([
      ['web', 'server', 990, 110],
      ['web', 'client', 1000, 90],
      ['cart', 'server', 1010, 70],
    ]);
    const client = spans[1]!;
    const server = spans[2]!;
    expect(server.parentId).toBe(client.id);
    expect(client.parentId).toBe(spans[0]!.id);
    expect(server.route).toBe('/cart');
  });

  it('reads a message’s sender and receiver, and names a wrong field', () => {
    const file = parseTraceFile(
      JSON.stringify([
        {
          traceId: 'a1',
          id: 'd4',
          name: 'order placed',
          annotations: [at('ms', 2000, 'shop'), at('mr', 2500, 'mailer')],
        },
      ]),
    );
    expect(file.traces[0]!.spans.map((s) => [s.service, s.kind])).toEqual([
      ['shop', 'producer'],
      ['mailer', 'consumer'],
    ]);
    expect(
      problem('[{"traceId": "a1", "id": "d4", "binaryAnnotations": [{"key": "lc"}]}]'),
    ).toMatch(/^0\.binaryAnnotations\.0\.value: /);
  });
});

describe('the events of a failing span', () => {
  it('reads Jaeger’s logs and Zipkin’s annotations (v1 and v2) as the note’s lines', () => {
    const jaeger = parseTraceFile(
      JSON.stringify({
        traceID: 't1',
        processes: { p1: { serviceName: 'cart' } },
        spans: [
          {
            traceID: 't1',
            spanID: 's1',
            operationName: 'save',
            startTime: 1,
            duration: 2,
            processID: 'p1',
            tags: [{ key: 'error', value: true }],
            logs: [
              { fields: [{ key: 'event', value: 'cache miss' }] },
              {
                fields: [
                  { key: 'event', value: 'error' },
                  { key: 'error.kind', value: 'Timeout' },
                  { key: 'message', value: 'db slow' },
                ],
              },
              { fields: [{ key: 'message', value: 'retrying' }] },
              { fields: [{ key: 'event', value: 'gave up' }] },
            ],
          },
        ],
      }),
    );
    expect(jaeger.traces[0]!.spans[0]!.problem).toEqual({
      lines: ['Timeout: db slow', 'cache miss', 'retrying'],
      more: 1,
    });
    const zipkin = (spans: object[]) => parseTraceFile(JSON.stringify(spans)).traces[0]!.spans;
    const v2 = zipkin([
      {
        traceId: 'a1',
        id: 'b2',
        name: 'get',
        kind: 'SERVER',
        localEndpoint: { serviceName: 'cart' },
        tags: { error: 'connection reset' },
        annotations: [
          { timestamp: 1, value: 'sr' },
          { timestamp: 2, value: 'retry' },
        ],
      },
    ]);
    expect(v2[0]!.problem).toEqual({ lines: ['connection reset', 'retry'], more: 0 });
    const at = (value: string, serviceName: string) => ({
      timestamp: 1,
      value,
      endpoint: { serviceName },
    });
    const v1 = zipkin([
      {
        traceId: 'a1',
        id: 'b2',
        name: 'get',
        annotations: [
          at('cs', 'web'),
          at('sr', 'cart'),
          at('lock taken', 'cart'),
          at('ss', 'cart'),
        ],
        binaryAnnotations: [{ key: 'error', value: 'true', endpoint: { serviceName: 'cart' } }],
      },
    ]);
    // The event goes with the server's half, whose service wrote it; "true" is no message.
    expect(v1.map((s) => [s.kind, s.problem])).toEqual([
      ['client', null],
      ['server', { lines: ['lock taken'], more: 0 }],
    ]);
  });
});

describe('the files trace APIs answer', () => {
  it('reads Grafana Tempo’s batches and v2’s trace, ids in base64, into one tree', () => {
    const file = parse(TRACE_FIXTURES.tempoBatches);
    expect(file.format).toBe('otlp');
    expect(file.traces).toHaveLength(1);
    const spans = file.traces[0]!.spans;
    expect(spans).toHaveLength(10);
    expect(services(TRACE_FIXTURES.tempoBatches)).toEqual([
      'shop-backend',
      'auth-service',
      'article-service',
      'postgres',
      'cart-service',
    ]);
    // "nCLrd8tcFMc=" is the base64 of the root span 9c22eb77cb5c14c7.
    expect(file.traces[0]!.traceId).toBe('fbd37845209d43cdccd418dc5f9ff021');
    expect(spans.filter((s) => s.parentId === '9c22eb77cb5c14c7')).toHaveLength(3);
    const ids = new Set(spans.map((s) => s.id));
    expect(spans.filter((s) => s.parentId !== null && !ids.has(s.parentId))).toEqual([]);
    // Tempo 2's answer holds the same spans under `trace` and `scopeSpans`.
    expect(parse(TRACE_FIXTURES.tempoV2)).toEqual(file);
  });

  it('reads Jaeger’s v3 API answer (result wrapping OTLP)', () => {
    const file = parse(TRACE_FIXTURES.jaegerV3);
    expect(file.format).toBe('otlp');
    const spans = file.traces[0]!.spans;
    expect(spans.map((s) => [s.name, s.kind, s.error])).toEqual([
      ['root-with-any-values', 'internal', true],
      ['unset-kind-and-status', 'internal', false],
      ['numeric-kind-and-status', 'server', false],
    ]);
  });

  it('says so when the file is a trace API’s error answer', () => {
    expect(problem('{"error":{"grpcCode":5,"httpCode":404,"message":"trace not found"}}')).toBe(
      'The file is an error answer from the trace API, not a trace: “trace not found”.',
    );
  });
});

describe('OTLP protobuf', () => {
  it.each([TRACE_FIXTURES.otlpJaegerUi, TRACE_FIXTURES.otlpProto, TRACE_FIXTURES.jaegerV3])(
    'reads %s sent as protobuf as the same spans as its JSON',
    (name) => {
      const json = readTraceFixture(name);
      const bytes = otlpProtoOf(JSON.stringify(JSON.parse(json).result ?? JSON.parse(json)));
      expect(parseTraceBytes(bytes, 'application/x-protobuf')).toEqual(parseTraceFile(json));
      // Without a type, the bytes are recognised by their start.
      expect(parseTraceBytes(bytes)).toEqual(parseTraceFile(json));
    },
  );

  it('reads bytes written by hand from the specification’s field numbers', () => {
    const field = (number: number, bytes: number[]) => [(number << 3) | 2, bytes.length, ...bytes];
    const text = (value: string) => [...Buffer.from(value)];
    const fixed64 = (number: number, value: bigint) => {
      const out = [(number << 3) | 1];
      for (let i = 0n; i < 8n; i++) out.push(Number((value >> (8n * i)) & 0xffn));
      return out;
    };
    const traceId = [...Buffer.from('5b8efff798038103d269b633813fc60c', 'hex')];
    const spanId = [...Buffer.from('eee19b7ec3c1b174', 'hex')];
    const span = [
      ...field(1, traceId),
      ...field(2, spanId),
      ...field(5, text('GET /cart')),
      ...[6 << 3, 2], // kind: SERVER
      ...fixed64(7, 1_700_000_000_000_000_000n),
      ...fixed64(8, 1_700_000_000_250_000_000n),
    ];
    const resource = field(
      1,
      field(1, [...field(1, text('service.name')), ...field(2, field(1, text('cart')))]),
    );
    const request = field(1, [...resource, ...field(2, field(2, span))]);
    const read = parseTraceBytes(Uint8Array.from(request)).traces[0]!.spans[0]!;
    expect(read).toMatchObject({
      traceId: '5b8efff798038103d269b633813fc60c',
      id: 'eee19b7ec3c1b174',
      parentId: null,
      name: 'GET /cart',
      service: 'cart',
      kind: 'server',
      duration: 250_000,
    });
  });

  it('names the problem in bytes that are not OTLP protobuf', () => {
    let message = '';
    try {
      parseTraceBytes(Uint8Array.from([0x0a, 0xff, 0xff, 0xff]), 'application/x-protobuf');
    } catch (error) {
      expect(error).toBeInstanceOf(TraceFileError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The file is not valid OTLP protobuf \(.+\)\.$/);
  });
});
