import { describe, expect, it } from 'vitest';
import { errorSummary } from './errorSummary';

describe('errorSummary', () => {
  it('keeps the first and last line of a parse error', () => {
    const message =
      "Parse error on line 2:\n...ceDiagram\nAlice->>: broken\n-------^\nExpecting 'ACTOR', got ':'";
    expect(errorSummary(message)).toBe("Parse error on line 2: Expecting 'ACTOR', got ':'");
  });

  it('keeps only the first line of other errors', () => {
    expect(errorSummary('No diagram type detected\nfor text: x')).toBe('No diagram type detected');
  });

  it('is empty without a message', () => {
    expect(errorSummary(null)).toBe('');
  });
});
