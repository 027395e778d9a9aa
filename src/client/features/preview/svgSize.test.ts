import { describe, expect, it } from 'vitest';
import { ZOOM } from '@shared/constants';
import { clampZoom } from './svgSize';

describe('clampZoom', () => {
  it('keeps zoom within the spec bounds and rounds away float drift', () => {
    expect(clampZoom(1 + ZOOM.step, ZOOM.min, ZOOM.max)).toBe(1.1);
    expect(clampZoom(0.1 - ZOOM.step, ZOOM.min, ZOOM.max)).toBe(ZOOM.min);
    expect(clampZoom(5 + ZOOM.step, ZOOM.min, ZOOM.max)).toBe(ZOOM.max);
    expect(clampZoom(0.7 + 0.1 + 0.1, ZOOM.min, ZOOM.max)).toBe(0.9);
  });
});
