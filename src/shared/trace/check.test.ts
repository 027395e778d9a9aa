import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generatedTrace,
  otlpOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../../../test/fixtures/traces/fixtures.js';
import { checkDiagram } from './check.js';
import { drawTrace } from './index.js';
import { traceOptionsSchema } from './options.js';
import { parseTraceFile } from './parse.js';

const traces = (text: string) => parseTraceFile(text).traces;

/** The trace a hand-written diagram is checked against: a checkout calling two services. */
const CHECKOUT = otlpOf([
  { service: 'web-frontend', name: 'POST /checkout', parent: -1, start: 0, end: 900 },
  { service: 'checkout', name: 'PlaceOrder', parent: 0, start: 10, end: 800, kind: 2 },
  { service: 'payment-service', name: 'Charge', parent: 1, start: 20, end: 300, kind: 2 },
  { service: 'payment-service', name: 'Charge', parent: 1, start: 310, end: 500, kind: 2 },
  { service: 'email', name: 'SendReceipt', parent: 1, start: 510, end: 700, kind: 2 },
]);

describe('checkDiagram', () => {
  it.each(Object.values(TRACE_FIXTURES))(
    'finds no drift between %s and the diagram its import draws',
    (name) => {
      for (const trace of traces(readTraceFixture(name))) {
        const text = drawTrace(trace, traceOptionsSchema.parse({})).text;
        const check = checkDiagram(text, [trace]);
        expect(check, text).toMatchObject({ ok: true, onlyInTrace: [], onlyInDiagram: [] });
        expect(check.labels, text).toEqual([]);
      }
    },
  );

  it('finds no drift between generated traces and their drawings, whatever the options', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 120 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom('hidden', 'activations', 'notes', 'self'),
        fc.boolean(),
        (count, fanout, internal, collapse) => {
          const [trace] = traces(otlpOf(generatedTrace(count, fanout)));
          const options = traceOptionsSchema.parse({ internal, collapse });
          const check = checkDiagram(drawTrace(trace!, options).text, [trace!]);
          expect(check.onlyInTrace).toEqual([]);
          expect(check.onlyInDiagram).toEqual([]);
          expect(check.ok).toBe(true);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('names a left-out call and a made-up message, the latter with its line', () => {
    const diagram = [
      'sequenceDiagram',
      '    actor Shopper',
      '    participant Web as Web Frontend',
      '    participant Checkout',
      '    participant Pay as Payment Service',
      '    Shopper->>+Web: POST /checkout',
      '    Web->>+Checkout: PlaceOrder',
      '    Checkout->>+Pay: Charge',
      '    Pay-->>-Checkout: ok',
      '    Checkout->>Fraud: Score order',
      '    Checkout-->>-Web: order id',
      '    Web-->>-Shopper: 201',
    ].join('\n');
    expect(checkDiagram(diagram, traces(CHECKOUT))).toEqual({
      ok: false,
      matched: 3,
      onlyInTrace: [{ from: 'Checkout', to: 'email', label: 'SendReceipt', count: 1 }],
      onlyInDiagram: [{ from: 'Checkout', to: 'Fraud', label: 'Score order', line: 10 }],
      labels: [],
    });
  });

  it('maps participants by a service comment, and reports a different label without drift', () => {
    const diagram = [
      'sequenceDiagram',
      '    %% service FE = web-frontend',
      '    %% service P = payment-service',
      '    FE->>CHECKOUT: PlaceOrder',
      '    CHECKOUT->>P: Authorise card',
      '    CHECKOUT->>Email: SendReceipt',
    ].join('\n');
    expect(checkDiagram(diagram, traces(CHECKOUT))).toEqual({
      ok: true,
      matched: 3,
      onlyInTrace: [],
      onlyInDiagram: [],
      labels: [
        { from: 'CHECKOUT', to: 'P', line: 5, diagram: 'Authorise card', trace: ['Charge'] },
      ],
    });
  });

  it('counts a call as many times as the traces made it, across several traces', () => {
    const check = checkDiagram('sequenceDiagram\n    Checkout->>Email: SendReceipt', [
      ...traces(CHECKOUT),
      ...traces(CHECKOUT.replaceAll('0000000000000abc', '0000000000000abd')),
    ]);
    expect(check.onlyInTrace).toEqual(
      expect.arrayContaining([
        { from: 'Checkout', to: 'payment-service', label: 'Charge', count: 4 },
      ]),
    );
  });
});
