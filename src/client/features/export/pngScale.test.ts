import { describe, expect, it } from 'vitest';
import { PNG_SCALE, pngScale } from './pngScale';

describe('pngScale', () => {
  it('is 2x for ordinary diagrams', () => {
    expect(pngScale(800, 600)).toBe(PNG_SCALE);
  });

  it('keeps the longest side inside the canvas limit', () => {
    const scale = pngScale(3000, 30000);
    expect(30000 * scale).toBeLessThanOrEqual(32767);
  });

  it('keeps the area inside the canvas limit', () => {
    const scale = pngScale(12000, 12000);
    expect(12000 * scale * (12000 * scale)).toBeLessThanOrEqual(268_435_456);
  });
});
