import { describe, expect, it } from 'vitest';
import { graphemes, SEGMENT_CHUNK } from './cells.js';

const whole = (text: string) =>
  [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map(
    (part) => part.segment,
  );

// Graphemes of one or many code units: flags (pairs of regional indicators), a family joined by
// zero-width joiners, a letter with combining marks, a skin tone, CJK, CR LF, plain letters.
const PIECES = ['🇫🇷', '👨‍👩‍👧‍👦', 'é\u0301\u0327', '👍🏽', '東', '\r\n', 'a', ' ', 'ก\u0e33'];

/** A seeded text of `count` pieces, so every cut between chunks lands somewhere different. */
function text(seed: number, count: number): string {
  let state = seed;
  let out = '';
  for (let i = 0; i < count; i++) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    out += PIECES[state % PIECES.length];
  }
  return out;
}

describe('graphemes in chunks', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the same graphemes as one pass (seed %i)', (seed) => {
    const sample = text(seed, SEGMENT_CHUNK * 3);
    expect(sample.length).toBeGreaterThan(SEGMENT_CHUNK * 3);
    expect([...graphemes(sample)]).toEqual(whole(sample));
  });

  it('keeps a run of regional indicators paired across a cut', () => {
    const flags = 'x' + '🇫🇷'.repeat(SEGMENT_CHUNK);
    expect([...graphemes(flags)]).toEqual(whole(flags));
  });

  it('cuts only a grapheme longer than a chunk, and loses no character', () => {
    const long = 'a' + '\u0301'.repeat(SEGMENT_CHUNK * 2) + 'b';
    const parts = [...graphemes(long)];
    expect(parts.join('')).toBe(long);
    expect(parts.at(-1)).toBe('b');
  });

  it('walks a long word in chunks', () => {
    const word = 'w'.repeat(SEGMENT_CHUNK * 50 + 7);
    const parts = [...graphemes(word)];
    expect(parts).toHaveLength(word.length);
  });
});
