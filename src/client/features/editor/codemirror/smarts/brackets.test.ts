import { describe, expect, it } from 'vitest';
import { inFreeText } from './brackets';

const at = (line: string) => inFreeText(line, line.length);

describe('inFreeText', () => {
  it('is true in the words of labels, notes, block titles, titles and comments', () => {
    for (const line of [
      '    Bob->>Alice: Not so good :',
      'A->>B: ',
      'Note over A: thinking ',
      'loop Every minute ',
      'else is well ',
      'title Checkout ',
      '%% a comment ',
    ]) {
      expect(at(line), line).toBe(true);
    }
  });

  it('is false where brackets are syntax', () => {
    for (const line of [
      'box rgb',
      'rect rgb',
      'participant A@',
      '%%{init: ',
      'A->>B',
      'sequenceDiagram',
      'loop',
    ]) {
      expect(at(line), line).toBe(false);
    }
  });
});
