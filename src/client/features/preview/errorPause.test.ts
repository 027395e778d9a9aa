import { describe, expect, it } from 'vitest';
import { errorLeftBehind } from './errorPause';

describe('errorLeftBehind', () => {
  it('is false while the cursor is on the error line', () => {
    expect(errorLeftBehind({ line: 3, atEnd: false, placed: true }, 3)).toBe(false);
  });

  it('is true once the cursor is on another line', () => {
    expect(errorLeftBehind({ line: 3, atEnd: false, placed: true }, 4)).toBe(true);
    expect(errorLeftBehind({ line: 3, atEnd: false, placed: true }, 1)).toBe(true);
  });

  it('never leaves behind an error at the end of the text (a block still open)', () => {
    expect(errorLeftBehind({ line: 3, atEnd: true, placed: true }, 4)).toBe(false);
  });

  it('waits for the pause when the cursor line is unknown', () => {
    expect(errorLeftBehind({ line: 3, atEnd: false, placed: true }, null)).toBe(false);
  });

  it('never leaves behind an error whose line is not known', () => {
    expect(errorLeftBehind({ line: 1, atEnd: false, placed: false }, 4)).toBe(false);
  });
});
