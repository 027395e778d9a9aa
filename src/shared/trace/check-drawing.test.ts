import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOSTILE_NAMES, otlpOf } from '../../../test/fixtures/traces/fixtures.js';
import { readSequence } from '../mermaid-reader/sequence.js';
import { checkDiagram } from './check.js';
import { checkDrawing } from './check-drawing.js';
import { parseTraceFile } from './parse.js';

const messagesOf = (text: string) => readSequence(text).filter((s) => s.kind === 'message');

describe('checkDrawing', () => {
  it('adds the missing calls dashed and marked added, and marks the messages no trace shows', () => {
    const trace = parseTraceFile(
      otlpOf([
        { service: 'web', name: 'GET /cart', parent: -1, start: 0, end: 100 },
        { service: 'cart', name: 'GetCart', parent: 0, start: 10, end: 50, kind: 2 },
        { service: 'pricing', name: 'Quote', parent: 0, start: 60, end: 90, kind: 2 },
      ]),
    ).traces;
    const source = 'sequenceDiagram\n    Web->>Cart: GetCart\n    Web->>Stock: Reserve\n';
    const drawing = checkDrawing(source, checkDiagram(source, trace));
    expect(drawing.text).toBe(`${source}    participant pricing\n    Web-->>pricing: Quote\n`);
    expect(drawing.marks).toEqual({
      messages: [null, 'changed', 'added'],
      notes: [],
      participants: { pricing: 'added' },
    });
  });

  it('leaves a matching diagram as it is', () => {
    const source = 'sequenceDiagram\n    A->>B: hi';
    const check = { ok: true, matched: 1, onlyInTrace: [], onlyInDiagram: [], labels: [] };
    expect(checkDrawing(source, check)).toEqual({
      text: source,
      marks: { messages: [null], notes: [], participants: {} },
    });
  });

  it('writes any service and label as one message between declared participants, one mark each', () => {
    const name = fc.oneof(fc.constantFrom(...HOSTILE_NAMES), fc.string({ maxLength: 30 }));
    fc.assert(
      fc.property(
        fc.array(fc.record({ from: name, to: name, label: name, count: fc.nat(5) }), {
          maxLength: 6,
        }),
        (onlyInTrace) => {
          const source = 'sequenceDiagram\n    Alice->>Bob: hi\n';
          const drawing = checkDrawing(source, {
            ok: false,
            matched: 0,
            onlyInTrace: onlyInTrace.map((call) => ({ ...call, count: call.count + 1 })),
            onlyInDiagram: [],
            labels: [],
          });
          const statements = readSequence(drawing.text);
          const kinds = new Set(statements.map((s) => s.kind));
          expect(
            [...kinds].every((k) => ['header', 'participant', 'message', 'blank'].includes(k)),
          ).toBe(true);
          expect(messagesOf(drawing.text)).toHaveLength(1 + onlyInTrace.length);
          expect(drawing.marks.messages).toHaveLength(1 + onlyInTrace.length);
        },
      ),
      { numRuns: 60 },
    );
  });
});
