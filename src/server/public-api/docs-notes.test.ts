import { describe, expect, it } from 'vitest';
import { limitsOf } from './docs-page.js';

describe('the API reference notes', () => {
  it('say limits as a sentence and never repeat what the description says', () => {
    expect(limitsOf({ type: 'string', minLength: 1, maxLength: 200 })).toBe(
      'Not empty, at most 200 characters.',
    );
    expect(
      limitsOf({ type: 'string', maxLength: 1_000_000 }, 'At most 1,000,000 characters stored.'),
    ).toBe('');
    expect(limitsOf({ type: 'integer', exclusiveMinimum: 0 })).toBe('A positive whole number.');
  });
});
