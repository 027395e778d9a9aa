import { describe, expect, it } from 'vitest';
import { fitSvg } from './fit-svg.js';

const MERMAID =
  '<svg id="r1" width="100%" xmlns="http://www.w3.org/2000/svg" style="max-width: 532px;" viewBox="-50 -10 532 259" role="graphics-document"><g><text style="x">Hi</text></g></svg>';

describe('fitSvg', () => {
  it('sizes the root element, keeps the viewBox and leaves the content alone', () => {
    const fitted = fitSvg(MERMAID, { width: 1200, height: 630, background: 'white' });
    expect(fitted).toBe(
      '<svg id="r1" xmlns="http://www.w3.org/2000/svg" viewBox="-50 -10 532 259" role="graphics-document" width="1200" height="630" preserveAspectRatio="xMidYMid meet" style="background-color: white;"><g><text style="x">Hi</text></g></svg>',
    );
  });

  it('leaves the background out when transparent', () => {
    const fitted = fitSvg(MERMAID, { width: 10, height: 20, background: 'transparent' });
    expect(fitted).toMatch(
      /^<svg[^>]* width="10" height="20" preserveAspectRatio="xMidYMid meet">/,
    );
    expect(fitted).not.toContain('background');
  });
});
