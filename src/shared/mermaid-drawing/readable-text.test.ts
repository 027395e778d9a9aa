import { describe, expect, it } from 'vitest';
import { DARK_TEXT_ON_LIGHT_FILL, darkModeTextOn, parseRgb } from './readable-text.js';

describe('darkModeTextOn', () => {
  it('gives light fills dark text, in any notation the styles accept', () => {
    for (const fill of ['#fff', '#ffffff', '#FFFFFFFF', 'white', 'rgb(255, 255, 255)', '#fef3c7'])
      expect(darkModeTextOn(fill)).toBe(DARK_TEXT_ON_LIGHT_FILL);
  });

  it("keeps the theme's light text on dark fills and on colours it cannot read", () => {
    for (const fill of ['#000', '#1e293b', 'navy', 'rgb(20 30 40)', 'hsl(0, 0%, 100%)', 'none'])
      expect(darkModeTextOn(fill)).toBeNull();
  });

  it('reads hex, rgb() and names alike', () => {
    expect(parseRgb('#e0e7ff')).toEqual([224, 231, 255]);
    expect(parseRgb('#abc')).toEqual([170, 187, 204]);
    expect(parseRgb('rgba(10,20,30,0.5)')).toEqual([10, 20, 30]);
    expect(parseRgb('rgb(100% 0% 0%)')).toEqual([255, 0, 0]);
    expect(parseRgb('Gold')).toEqual([255, 215, 0]);
  });
});
