/**
 * Clock skew corrected as Zipkin does: generated call trees whose services' clocks are set off
 * by random amounts come back with every call inside its caller's time, each service's own spans
 * moved together, and a trace without skew untouched.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { readTraceFixture, TRACE_FIXTURES } from '../../../test/fixtures/traces/fixtures.js';
import type { TraceSpan } from './model.js';
import { parseTraceFile } from './parse.js';
import { buildTree } from './tree.js';

const span = (
  id: number,
  parent: number | null,
  service: string,
  start: number,
  duration: number,
  kind: TraceSpan['kind'] = 'server',
): TraceSpan => ({
  id: String(id),
  parentId: parent === null ? null : String(parent),
  traceId: 't',
  name: `op${id}`,
  service,
  instance: null,
  host: null,
  kind,
  start,
  duration,
  error: false,
  route: null,
  rpc: null,
  remote: null,
  follows: false,
  problem: null,
});

/**
 * A call tree as it happened (each call inside its caller's time, on one true clock), then seen
 * through each service's own clock: every span of a service off by that service's offset.
 */
const skewedTrees = fc
  .record({
    shape: fc.array(
      fc.tuple(
        fc.nat(),
        fc.integer({ min: 0, max: 4 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
      ),
      { minLength: 1, maxLength: 40 },
    ),
    offsets: fc.array(fc.integer({ min: -500_000, max: 500_000 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ shape, offsets }) => {
    const services = ['web', 'api', 'auth', 'db', 'cache'];
    const truth: TraceSpan[] = [span(0, null, 'web', 1_000_000_000, 1_000_000)];
    shape.forEach(([pick, service, at, length], index) => {
      const caller = truth[pick % truth.length]!;
      const room = caller.duration;
      const duration = Math.max(1, Math.floor(room * length * 0.9));
      const start = caller.start + Math.floor((room - duration) * at);
      truth.push(span(index + 1, Number(caller.id), services[service]!, start, duration));
    });
    const offsetOf = (service: string) => offsets[services.indexOf(service)]!;
    const seen = truth.map((s) => ({ ...s, start: s.start + offsetOf(s.service) }));
    return { truth, seen };
  });

const byId = (spans: readonly TraceSpan[]) => new Map(spans.map((s) => [s.id, s]));

it('puts every call inside its caller’s time and moves each service’s spans together', () => {
  fc.assert(
    fc.property(skewedTrees, ({ truth, seen }) => {
      const { spans, parent, problems } = buildTree(seen);
      expect(spans).toHaveLength(truth.length);
      const before = byId(seen);
      spans.forEach((s, at) => {
        const p = parent[at]!;
        if (p < 0) return;
        const caller = spans[p]!;
        // Inside its caller's time (a call is never longer than its caller here).
        expect(s.start).toBeGreaterThanOrEqual(caller.start);
        expect(s.start + s.duration).toBeLessThanOrEqual(caller.start + caller.duration);
        expect(s.duration).toBe(before.get(s.id)!.duration);
        // A span of the caller's own service keeps its place on the caller's clock.
        if (s.service === caller.service) {
          const was = before.get(s.id)!.start - before.get(caller.id)!.start;
          expect(s.start - caller.start).toBe(was);
        }
      });
      // Time order holds after the correction: spans are listed by corrected start.
      for (let i = 1; i < spans.length; i++) {
        expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.start);
      }
      expect(problems.skewed).toBeLessThanOrEqual(truth.length - 1);
    }),
    { seed: 20_261_128, numRuns: 300 },
  );
});

it('leaves a trace without skew as it is', () => {
  fc.assert(
    fc.property(skewedTrees, ({ truth }) => {
      const { spans, problems } = buildTree(truth);
      expect(problems.skewed).toBe(0);
      const was = byId(truth);
      for (const s of spans) expect(s.start).toBe(was.get(s.id)!.start);
    }),
    { seed: 20_261_128, numRuns: 200 },
  );
});

it('moves a follow-up or a consumer only when it starts before its caller', () => {
  const producer = span(1, null, 'shop', 1000, 100, 'producer');
  const late = { ...span(2, 1, 'mailer', 5000, 50, 'consumer') };
  const early = { ...span(3, 1, 'audit', 400, 50, 'consumer') };
  const { spans, problems } = buildTree([producer, late, early]);
  const at = byId(spans);
  expect(at.get('2')!.start).toBe(5000);
  expect(at.get('3')!.start).toBe(1000);
  expect(problems.skewed).toBe(1);
});

it('centres the server half of the Zipkin skew example in its client, with its own child', () => {
  const { spans, problems } = buildTree(
    parseTraceFile(readTraceFixture(TRACE_FIXTURES.zipkinSkew)).traces[0]!.spans,
  );
  const at = byId(spans);
  const client = at.get('74280ae0c10d8062~client')!;
  const server = at.get('74280ae0c10d8062')!;
  const child = at.get('43210ae0c10d1234')!;
  expect(problems.skewed).toBe(1);
  // 94,539 µs client, 93,577 µs server: 481 µs each way.
  expect(server.start - client.start).toBe(481);
  expect(child.start - server.start).toBe(1);
});
