import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  deepTrace,
  generatedTrace,
  HOSTILE_NAMES,
  otlpOf,
  readTraceFixture,
  TRACE_FIXTURES,
  type GeneratedSpan,
} from '../../../test/fixtures/traces/fixtures.js';
import { readSequence } from '../mermaid-reader/sequence.js';
import { buildSequence } from './build.js';
import { describe as describeTrace } from './notes.js';
import { NOTE_EVENTS_MAX } from './model.js';
import { traceOptionsSchema, type TraceOptionsInput } from './options.js';
import { parseTraceFile } from './parse.js';

const diagramOf = (text: string, options: TraceOptionsInput = {}) =>
  buildSequence(parseTraceFile(text).traces[0]!, traceOptionsSchema.parse(options))!;
const fixture = (name: string, options: TraceOptionsInput = {}) =>
  diagramOf(readTraceFixture(name), options);
const body = (text: string) =>
  text
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(Boolean);
const messages = (text: string) =>
  readSequence(text)
    .filter((s) => s.kind === 'message')
    .map((s) => text.slice(s.from, s.to).trim());

const KINDS = new Set(['header', 'participant', 'message', 'note', 'open', 'branch', 'end']);
const ALSO = new Set(['keyword', 'blank', 'activate', 'deactivate']);

/** Every line reads as what it was written as, and messages name declared participants only. */
function expectWellFormed(text: string) {
  const statements = readSequence(text);
  const declared = new Set(
    statements.filter((s) => s.kind === 'participant').map((s) => s.names[0]!.name),
  );
  const wrong: string[] = [];
  for (const statement of statements) {
    const line = text.slice(statement.from, statement.to);
    if (!KINDS.has(statement.kind) && !ALSO.has(statement.kind))
      wrong.push(`${statement.kind}: ${line}`);
    if (statement.kind === 'participant') continue;
    for (const { name } of statement.names)
      if (!declared.has(name)) wrong.push(`undeclared ${name}: ${line}`);
    // Outside numeric entities and the line breaks written between words, nothing mermaid
    // reads as syntax is left in a label.
    const label = statement.text ? text.slice(statement.text.from, statement.text.to) : '';
    const bare = label.replace(/#\d+;/g, '').replaceAll('<br/>', '');
    if (/[#;%<>:,&]/.test(bare)) wrong.push(`unescaped: ${line}`);
  }
  expect(wrong).toEqual([]);
}

describe('buildSequence on real traces', () => {
  it('draws the Zipkin Yelp trace: services in order, calls and replies, one par block', () => {
    const { text, summary } = fixture(TRACE_FIXTURES.zipkinYelp);
    expectWellFormed(text);
    expect(
      text
        .split('\n')
        .filter((l) => l.includes('participant'))
        .map((l) => l.trim()),
    ).toEqual([
      'participant routing',
      'participant unknown',
      'participant yelp_main_api_proxy as yelp_main<br/>/api_proxy',
      'participant yelp_main as yelp-main',
      'participant memcache',
      'participant mysql',
      'participant mobile_api',
      'participant spectre',
      'participant blt',
    ]);
    expect(summary.parBlocks).toBe(1);
    expect(summary.messages).toBe(30);
    const lines = body(text);
    expect(
      lines.slice(lines.indexOf('participant blt') + 1, lines.indexOf('participant blt') + 5),
    ).toEqual([
      'Note over routing: post /location<br/>/update/v4 · 132 ms',
      'par',
      'routing->>+unknown: post',
      'unknown->>+yelp_main_api_proxy: post api proxy proxy /*path',
    ]);
    expect(lines).toContain('and');
    expect(messages(text).at(-1)).toBe('yelp_main-->>-routing: 56 ms');
  });

  it('folds the repeated database inserts of a Zipkin trace into a loop with a count', () => {
    const { text, notes } = fixture(TRACE_FIXTURES.zipkinDb);
    expectWellFormed(text);
    expect(body(text).slice(-4)).toEqual([
      'loop 3 times',
      'bootifulmeters->>+app_db: insert',
      'app_db-->>-bootifulmeters: avg 1.85 ms',
      'end',
    ]);
    expect(notes).toContain(
      '3 identical calls folded into 1 loop; to draw each, turn off Fold repeated calls (collapse=false in the API).',
    );
    const unfolded = fixture(TRACE_FIXTURES.zipkinDb, { collapse: false });
    expect(unfolded.text).not.toContain('loop');
    expect(messages(unfolded.text).filter((m) => m.includes(': insert'))).toHaveLength(3);
  });

  it('draws messaging asynchronously, without replies', () => {
    const { text } = fixture(TRACE_FIXTURES.zipkinMessaging);
    expectWellFormed(text);
    expect(messages(text)).toEqual(['frontend-)backend: next-message']);
    const kafka = fixture(TRACE_FIXTURES.zipkinKafka, { collapse: false });
    expect(messages(kafka.text).every((m) => m.includes('-)'))).toBe(true);
  });

  it('shows spans within a service as the user chooses, and marks errors', () => {
    const hidden = fixture(TRACE_FIXTURES.jaegerGraph);
    expect(messages(hidden.text)).toEqual([
      'service1->>+service2: op1',
      'service2-->>-service1: 20 ms',
      'service1-)service2: op3',
    ]);
    expect(hidden.text).toContain('Note over service1: error in op2');
    expect(hidden.notes).toContain(
      '4 of 11 spans drawn (3 messages); not drawn: 7 within one service.',
    );
    const self = fixture(TRACE_FIXTURES.jaegerGraph, { internal: 'self' });
    expectWellFormed(self.text);
    expect(messages(self.text).slice(0, 3)).toEqual([
      'service1->>service1: op2 · error · 33 ms',
      'service1->>service1: op3 · 66 ms',
      'service1->>+service2: op1',
    ]);
    const notes = fixture(TRACE_FIXTURES.jaegerGraph, { internal: 'notes', durations: false });
    expect(notes.text).toContain('Note over service1: op2 · error');
    expect(notes.text).toContain('service2-->>-service1: \n');
    const activations = fixture(TRACE_FIXTURES.jaegerGraph, { internal: 'activations' });
    expectWellFormed(activations.text);
    const activated = activations.text.match(/^\s*activate service1$/gm) ?? [];
    expect(activated).toHaveLength(6);
    expect(activations.text.match(/^\s*deactivate service1$/gm)).toHaveLength(6);
  });

  it('numbers messages and titles the diagram from the root span and the start time', () => {
    const { text, title } = fixture(TRACE_FIXTURES.jaegerFlamegraph, { autonumber: true });
    expect(text.split('\n')[1]).toBe('    autonumber');
    expect(title).toBe('load-generator: OrderVehicle · 2022-08-09 12:55 UTC');
    expect(messages(text)[0]).toBe('load_generator->>+ride_sharing_app: BikeHandler GET /bike');
  });

  it('corrects clock skew and says so', () => {
    const { text, notes } = fixture(TRACE_FIXTURES.zipkinSkew);
    expect(messages(text)).toEqual([
      'servicea->>+serviceb: post',
      'serviceb-->>-servicea: 93.6 ms',
    ]);
    expect(notes).toContain(
      '1 span lay outside its caller’s time (clock skew); moved into it, with the spans of its service below.',
    );
  });

  it('agrees its notes with the count: one span, two spans', () => {
    const { summary } = fixture(TRACE_FIXTURES.zipkinSkew);
    const twice = { ...summary.problems, skewed: 2, missingParents: 2 };
    expect(describeTrace({ ...summary, problems: twice })).toEqual(
      expect.arrayContaining([
        '2 spans name a parent that is not in the file; drawn from the top.',
        '2 spans lay outside their callers’ time (clock skew); moved into it, with the spans of their service below.',
      ]),
    );
  });

  it('groups participants by instance or host', () => {
    const spans: GeneratedSpan[] = [
      { service: 'web', name: 'GET', parent: -1, start: 0, end: 100 },
      { service: 'api', name: 'a', parent: 0, start: 10, end: 20 },
      { service: 'api', name: 'b', parent: 0, start: 30, end: 40 },
    ];
    const document = JSON.parse(otlpOf(spans)) as {
      resourceSpans: {
        resource: { attributes: object[] };
        scopeSpans: { spans: { attributes: object[] }[] }[];
      }[];
    };
    const api = document.resourceSpans[1]!;
    api.scopeSpans[0]!.spans.forEach((span, i) =>
      span.attributes.push({ key: 'service.instance.id', value: { stringValue: `pod-${i}` } }),
    );
    api.resource.attributes.push({ key: 'host.name', value: { stringValue: 'node-7' } });
    const text = JSON.stringify(document);
    expect(diagramOf(text).summary.participants).toBe(2);
    expect(diagramOf(text, { group: 'instance' }).text).toContain(
      'participant api_pod_1 as api (pod-1)',
    );
    expect(diagramOf(text, { group: 'host' }).text).toContain('participant node_7 as node-7');
  });
});

describe('buildSequence on broken, big and hostile traces', () => {
  it('escapes every hostile service and span name', () => {
    const spans: GeneratedSpan[] = [
      { service: 'root', name: 'start', parent: -1, start: 0, end: 10_000 },
    ];
    HOSTILE_NAMES.forEach((name, i) => {
      spans.push({
        service: name,
        name,
        parent: 0,
        start: 10 + i * 100,
        end: 60 + i * 100,
        route: name,
      });
    });
    const { text, summary } = diagramOf(otlpOf(spans), { internal: 'self', labelMax: 200 });
    expectWellFormed(text);
    expect(summary.participants).toBe(HOSTILE_NAMES.length + 1);
    // The only markup is the line breaks written between words.
    expect(text.replaceAll('<br/>', '')).not.toMatch(/%%|<|\binit:/);
    expect(text).toContain('participant x_participant_Evil as x#59; participant Evil');
    expect(text).toContain('participant s_end as end');
    expect(text).toContain(
      'participant line_one_end_Note_over_A_injected as line one end Note over A#58; injected',
    );
    expect(readSequence(text).filter((s) => s.kind === 'message')).toHaveLength(
      2 * HOSTILE_NAMES.length,
    );
  });

  it('draws cycles, self-parents and missing parents from the top and says so', () => {
    const spans: GeneratedSpan[] = [
      { service: 'a', name: 'loop-1', parent: 1, start: 0, end: 10 },
      { service: 'b', name: 'loop-2', parent: 0, start: 1, end: 9 },
      { service: 'c', name: 'self', parent: -1, parentId: '0000000000000003', start: 20, end: 30 },
      {
        service: 'd',
        name: 'orphan',
        parent: -1,
        parentId: 'ffffffffffffffff',
        start: 40,
        end: 50,
      },
    ];
    const { text, notes } = diagramOf(otlpOf(spans));
    expectWellFormed(text);
    expect(messages(text)).toEqual(['a->>+b: loop-2', 'b-->>-a: 8 µs']);
    expect(notes).toEqual([
      '2 of 4 spans drawn (2 messages); not drawn: 2 within one service.',
      '1 span names a parent that is not in the file; drawn from the top.',
      '1 span named itself as parent; drawn from the top.',
      '1 parent cycle broken at the earliest span.',
    ]);
  });

  it('draws a trace 30,000 spans deep without recursion, and limits depth', () => {
    const text = otlpOf(deepTrace(30_000));
    const all = diagramOf(text);
    expect(all.summary.messages).toBe(2 * 29_999);
    const limited = diagramOf(text, { depth: 3 });
    expect(messages(limited.text)).toHaveLength(6);
    expect(limited.notes).toContain(
      '4 of 30,000 spans drawn (6 messages); not drawn: 29,996 deeper than 3 calls.',
    );
  });

  it('folds a 5,000-span trace into loops and par blocks', () => {
    const { summary, text } = diagramOf(otlpOf(generatedTrace(5000)));
    expect(summary.spans).toBe(5000);
    expect(summary.participants).toBe(8);
    expect(summary.loops).toBeGreaterThan(100);
    expect(summary.parBlocks).toBeGreaterThan(100);
    expectWellFormed(text);
  });
});

describe('follow-ups and failures', () => {
  const otlpSpan = (fields: Record<string, unknown>) => ({
    traceId: '0af7651916cd43dd8448eb211c80319c',
    startTimeUnixNano: '1700000000000000000',
    endTimeUnixNano: '1700000000100000000',
    ...fields,
  });
  const otlp = (...services: [string, Record<string, unknown>[]][]) =>
    JSON.stringify({
      resourceSpans: services.map(([service, spans]) => ({
        resource: { attributes: [{ key: 'service.name', value: { stringValue: service } }] },
        scopeSpans: [{ spans }],
      })),
    });

  it('draws a Jaeger FOLLOWS_FROM child as an asynchronous message with no reply', () => {
    const span = (id: string, service: string, references: object[]) => ({
      traceID: 't1',
      spanID: id,
      operationName: `work ${id}`,
      references,
      startTime: 1_700_000_000_000_000,
      duration: 1000,
      processID: service,
    });
    const trace = {
      traceID: 't1',
      spans: [
        span('a1', 'api', []),
        span('b1', 'mailer', [{ refType: 'FOLLOWS_FROM', traceID: 't1', spanID: 'a1' }]),
        span('c1', 'billing', [{ refType: 'CHILD_OF', traceID: 't1', spanID: 'a1' }]),
      ],
      processes: {
        api: { serviceName: 'api' },
        mailer: { serviceName: 'mailer' },
        billing: { serviceName: 'billing' },
      },
    };
    const { text } = diagramOf(JSON.stringify({ data: [trace] }));
    expect(messages(text)).toEqual(
      expect.arrayContaining(['api-)mailer: work b1', 'api->>+billing: work c1']),
    );
    expect(messages(text).some((m) => m.startsWith('mailer-'))).toBe(false);
  });

  it('draws an OTLP span linked to, not parented by, a span of its trace as asynchronous', () => {
    const text = diagramOf(
      otlp(
        ['orders', [otlpSpan({ spanId: '1111111111111111', name: 'place order', kind: 2 })]],
        [
          'emails',
          [
            otlpSpan({
              spanId: '2222222222222222',
              name: 'send receipt',
              kind: 5,
              links: [{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: '1111111111111111' }],
            }),
          ],
        ],
      ),
    ).text;
    expect(messages(text)).toEqual(['orders-)emails: send receipt']);
  });

  it('writes the exception of a failing call as a note beside its reply, escaped', () => {
    for (const hostile of HOSTILE_NAMES.filter(Boolean)) {
      const text = diagramOf(
        otlp(
          [
            'frontend',
            [
              otlpSpan({ spanId: '1111111111111111', name: 'GET /checkout', kind: 2 }),
              otlpSpan({
                spanId: '2222222222222222',
                parentSpanId: '1111111111111111',
                name: 'GetDriver',
                kind: 3,
              }),
            ],
          ],
          [
            'redis',
            [
              otlpSpan({
                spanId: '3333333333333333',
                parentSpanId: '2222222222222222',
                name: 'GetDriver',
                kind: 2,
                status: { code: 2, message: 'An error occurred' },
                events: [
                  {
                    name: 'exception',
                    attributes: [
                      { key: 'exception.type', value: { stringValue: 'TimeoutError' } },
                      { key: 'exception.message', value: { stringValue: hostile } },
                    ],
                  },
                ],
              }),
            ],
          ],
        ),
      ).text;
      const lines = body(text);
      const reply = lines.findIndex((line) => line.startsWith('redis--x-frontend: error'));
      expect(reply, text).toBeGreaterThan(0);
      expect(lines[reply + 1]).toMatch(/^Note over redis,frontend: TimeoutError#58;(?: |<br\/>)/);
      expectWellFormed(text);
    }
  });
  it('lists a failing call’s exceptions, then its other events, bounded and escaped', () => {
    // Marker words a generated text cannot hold (no capitals or digits in it).
    const text = fc.oneof(
      fc.constantFrom(...HOSTILE_NAMES),
      fc.string({ unit: fc.constantFrom(...'ab <>#;%:&"{}/.,\n'.split('')), maxLength: 400 }),
    );
    const event = fc.record({ exception: fc.boolean(), text });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.boolean(), (events, status) => {
        const input = events.map((e, i) =>
          e.exception
            ? {
                name: 'exception',
                attributes: [
                  { key: 'exception.type', value: { stringValue: `Ex${i}` } },
                  { key: 'exception.message', value: { stringValue: e.text } },
                ],
              }
            : { name: `Ev${i}: ${e.text}` },
        );
        const drawn = diagramOf(
          otlp(
            ['frontend', [otlpSpan({ spanId: '1111111111111111', name: 'checkout', kind: 2 })]],
            [
              'redis',
              [
                otlpSpan({
                  spanId: '2222222222222222',
                  parentSpanId: '1111111111111111',
                  name: 'GET',
                  kind: 2,
                  status: { code: 2, ...(status ? { message: 'Status said' } : {}) },
                  events: input,
                }),
              ],
            ],
          ),
        ).text;
        expectWellFormed(drawn);
        const lines = body(drawn);
        const reply = lines.findIndex((line) => line.startsWith('redis--x-frontend: error'));
        const note = lines[reply + 1] ?? '';
        const exceptions = events.flatMap((_, i) => (events[i]!.exception ? [`Ex${i}`] : []));
        const others = events.flatMap((_, i) => (events[i]!.exception ? [] : [`Ev${i}`]));
        const first = exceptions.length > 0 ? exceptions : status ? ['Status said'] : [];
        const listed = [...first, ...others].slice(0, NOTE_EVENTS_MAX);
        const more = first.length + others.length - listed.length;
        if (listed.length === 0) {
          expect(note).not.toMatch(/^Note/);
          return;
        }
        expect(note.startsWith('Note over redis,frontend: ')).toBe(true);
        // Each listed event starts a line of the note, in order; none past them is written.
        expect(note.match(/(?<=: |<br\/>)(?:Ex\d+|Ev\d+|Status said)/g)).toEqual(listed);
        if (more > 0) expect(note).toMatch(new RegExp(`<br/>and ${more} more events?$`));
        else expect(note).not.toMatch(/more events?$/);
        // A 400-character text is shortened in the note: bounded whatever the events hold.
        expect(note.replace(/#\d+;/g, '#').length).toBeLessThan(NOTE_EVENTS_MAX * 140 + 80);
      }),
      { numRuns: 60 },
    );
  });

  it('notes the error status and the events of a failing root in Jaeger’s v3 answer', () => {
    const { text } = fixture(TRACE_FIXTURES.jaegerV3);
    expect(body(text)).toContain(
      'Note over lfx_wire_probe: root-with-any-values · error · 1 ms<br/>probe error status<br/>retry',
    );
  });
});
