/**
 * drawTrace with depth 0: the deepest depth that fits found in one measuring walk (not a rebuild
 * per depth), and notes that account for every span.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { randomSpans } from '../../../test/fixtures/traces/attacks.js';
import { deepTrace, generatedTrace, otlpOf } from '../../../test/fixtures/traces/fixtures.js';
import { DIAGRAM_TEXT_MAX } from '../constants.js';
import {
  buildSequence,
  drawTrace,
  GET_THE_REST,
  parseTraceFile,
  type TraceDiagram,
} from './index.js';
import { DEFAULT_TRACE_OPTIONS } from './options.js';

const traceOf = (text: string) => parseTraceFile(text).traces[0]!;

/** The deepest depth whose drawing fits, by drawing every depth. */
function deepestThatFits(text: string): number {
  const trace = traceOf(text);
  let deepest = 0;
  for (let depth = 1; depth <= 50; depth++) {
    if (!buildSequence(trace, { ...DEFAULT_TRACE_OPTIONS, depth }, DIAGRAM_TEXT_MAX)) break;
    deepest = depth;
  }
  return deepest;
}

const accounted = ({ summary }: TraceDiagram) =>
  summary.shown + summary.belowDepth + summary.inRepeats + summary.hidden;

it.each([
  ['5,000 spans four calls wide', otlpOf(generatedTrace(5000))],
  ['2,000 spans three calls wide', otlpOf(generatedTrace(2000, 3))],
  ['a chain 3,000 calls deep', otlpOf(deepTrace(3000))],
])('finds the depth for %s in one walk and one drawing', (_name, text) => {
  const diagram = drawTrace(traceOf(text), DEFAULT_TRACE_OPTIONS);
  expect(diagram.summary.passes).toBe(2);
  expect(diagram.summary.depth).toBe(deepestThatFits(text));
  expect(diagram.text.length).toBeLessThanOrEqual(DIAGRAM_TEXT_MAX + 2_000);
});

it('draws a trace that fits whole in one walk', () => {
  const diagram = drawTrace(traceOf(otlpOf(generatedTrace(200))), DEFAULT_TRACE_OPTIONS);
  expect(diagram.summary.passes).toBe(1);
  expect(diagram.summary.depth).toBe(0);
});

it('says of a 5,000-span trace exactly which spans it did not draw', () => {
  const diagram = drawTrace(traceOf(otlpOf(generatedTrace(5000))), DEFAULT_TRACE_OPTIONS);
  expect(diagram.notes).toEqual([
    `Drawn 4 calls deep to fit the drawing (at most 50,000 characters). ${GET_THE_REST}`,
    '339 of 5,000 spans drawn (676 messages); not drawn: 4,659 deeper than 4 calls, 2 inside calls folded into loops.',
    '4 identical calls folded into 2 loops; to draw each, turn off Fold repeated calls (collapse=false in the API).',
  ]);
  expect(accounted(diagram)).toBe(5000);
});

it('says how to have the rest: a larger depth draws the calls a chosen depth cut off, no folding draws each', () => {
  const trace = traceOf(otlpOf(generatedTrace(5000)));
  const two = drawTrace(trace, { ...DEFAULT_TRACE_OPTIONS, depth: 2 });
  expect(two.notes[0]).toBe(
    'Drawn 2 calls deep, as chosen: a larger depth draws the deeper calls, and 0 all that fit the drawing.',
  );
  const three = drawTrace(trace, { ...DEFAULT_TRACE_OPTIONS, depth: 3 });
  expect(three.summary.shown).toBeGreaterThan(two.summary.shown);
  const unfolded = drawTrace(trace, { ...DEFAULT_TRACE_OPTIONS, depth: 3, collapse: false });
  expect(unfolded.summary.inRepeats).toBe(0);
  expect(unfolded.notes.join(' ')).not.toContain('folded');
  // A depth that cuts nothing says nothing of depth.
  const whole = drawTrace(traceOf(otlpOf(generatedTrace(200))), {
    ...DEFAULT_TRACE_OPTIONS,
    depth: 50,
  });
  expect(whole.notes.join(' ')).not.toContain('deep');
});

it('accounts for every span of random traces, whatever the options', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 2_000 }),
      fc.integer({ min: 1, max: 1_000_000 }),
      fc.constantFrom('hidden', 'activations', 'notes', 'self'),
      fc.boolean(),
      fc.integer({ min: 0, max: 6 }),
      (count, seed, internal, collapse, depth) => {
        const trace = traceOf(otlpOf(randomSpans(count, seed)));
        const diagram = drawTrace(trace, { ...DEFAULT_TRACE_OPTIONS, internal, collapse, depth });
        expect(accounted(diagram)).toBe(diagram.summary.spans);
        if (diagram.summary.shown < diagram.summary.spans) {
          expect(diagram.notes.join(' ')).toContain(
            `${diagram.summary.shown.toLocaleString('en')} of ${diagram.summary.spans.toLocaleString('en')} spans drawn`,
          );
        }
      },
    ),
    { seed: 20_261_127, numRuns: 60 },
  );
}, 120_000);
