/** The text version of the corpus's sequence diagrams (src/shared/describe-diagram.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diagramDescription, messagesOf } from '../../src/shared/describe-diagram';
import { readSequence } from '../../src/shared/mermaid-reader/sequence';
import { seeded } from './random';
import { sequenceDiagrams } from './sequence';

describe('the text version of the corpus', () => {
  it('numbers as many messages as the reader finds in the corpus diagrams', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (seed) => {
        for (const { text } of sequenceDiagrams(seeded(seed), 3).slice(-3)) {
          const messages = readSequence(text).filter((s) => s.kind === 'message').length;
          const said = messagesOf(diagramDescription(text).messages);
          expect(said.map((item) => item.number)).toEqual(
            Array.from({ length: messages }, (_, i) => i + 1),
          );
        }
      }),
      { numRuns: 30 },
    );
  });
});
