import { describe, expect, it } from 'vitest';
import { OPEN_ZOOM_FLOOR, PRESENT_ZOOM, ZOOM } from '@shared/constants';
import { boundPan, KEEP_IN_VIEW_PX, presentZoom, wheelZoom, wheelZoomDelta } from './viewMath';

/** Applies wheel events of `deltaY` (pixel mode) from `zoom`, as the frame does. */
function afterWheel(zoom: number, deltas: number[], deltaMode = 0): number {
  let state = { zoom, carried: 0 };
  for (const deltaY of deltas) {
    state = wheelZoom(state.zoom, state.carried, wheelZoomDelta(deltaY, deltaMode));
  }
  return state.zoom;
}

describe('wheelZoomDelta', () => {
  it('is one spec step a notch, in pixel and in line mode', () => {
    expect(wheelZoomDelta(-100, 0)).toBeCloseTo(ZOOM.step);
    expect(wheelZoomDelta(100, 0)).toBeCloseTo(-ZOOM.step);
    expect(wheelZoomDelta(-3, 1)).toBeCloseTo(ZOOM.step);
    expect(wheelZoomDelta(3, 1)).toBeCloseTo(-ZOOM.step);
    expect(wheelZoomDelta(1, 2)).toBeCloseTo(-ZOOM.step);
  });

  it("is a share of a step for a trackpad's small deltas", () => {
    expect(wheelZoomDelta(-10, 0)).toBeCloseTo(ZOOM.step / 10);
    expect(wheelZoomDelta(25, 0)).toBeCloseTo(-ZOOM.step / 4);
    expect(wheelZoomDelta(0, 0)).toBe(-0);
  });

  it('never exceeds a step, however large the event', () => {
    expect(wheelZoomDelta(1000, 0)).toBeCloseTo(-ZOOM.step);
    expect(wheelZoomDelta(-12, 1)).toBeCloseTo(ZOOM.step);
    expect(wheelZoomDelta(-400, 2)).toBeCloseTo(ZOOM.step);
  });
});

describe('wheelZoom', () => {
  it('takes six notches from 100 % to 40 %, and nine to the 10 % floor', () => {
    expect(afterWheel(1, Array(6).fill(100))).toBe(0.4);
    expect(afterWheel(1, Array(9).fill(100))).toBe(0.1);
    expect(afterWheel(1, Array(30).fill(100))).toBe(ZOOM.min);
  });

  it('lands on whole percents, notch after notch (no 0.30000000000000004)', () => {
    expect(afterWheel(0.1, [-100, -100])).toBe(0.3);
    expect(afterWheel(0.37, [-100])).toBe(0.47);
  });

  it("adds up a trackpad's deltas smaller than a percent instead of losing them", () => {
    expect(afterWheel(1, Array(5).fill(-4))).toBe(1.02);
    expect(afterWheel(1, Array(10).fill(3))).toBe(0.97);
    // Back and forth cancels out.
    expect(afterWheel(1, [4, -4, 4, -4, 4, -4])).toBe(1);
  });

  it('stops at 500 % and carries nothing past a limit', () => {
    expect(afterWheel(4.95, [-100, -100])).toBe(ZOOM.max);
    // Pressing on at the floor, then turning back: the first notch back counts in full.
    expect(afterWheel(0.1, [100, 100, -100])).toBe(0.2);
    expect(wheelZoom(ZOOM.min, 0, -0.004)).toEqual({ zoom: ZOOM.min, carried: 0 });
  });
});

describe('boundPan', () => {
  const drawing = { width: 1000, height: 4000 };
  const stage = { width: 600, height: 800 };

  it('leaves a view that shows enough of the drawing where it is', () => {
    expect(boundPan(24, 52, 1, drawing, stage)).toEqual({ x: 24, y: 52 });
    expect(boundPan(-300, -2000, 1, drawing, stage)).toEqual({ x: -300, y: -2000 });
  });

  it('keeps part of the drawing inside the stage on each side', () => {
    const left = boundPan(-50_000, -90_000, 1, drawing, stage);
    expect(left).toEqual({ x: KEEP_IN_VIEW_PX - 1000, y: KEEP_IN_VIEW_PX - 4000 });
    const right = boundPan(50_000, 90_000, 1, drawing, stage);
    expect(right).toEqual({ x: 600 - KEEP_IN_VIEW_PX, y: 800 - KEEP_IN_VIEW_PX });
  });

  it('keeps a drawing smaller than the margin whole (at 10 %, a tiny diagram)', () => {
    const tiny = { width: 300, height: 200 };
    // 30 × 20 px on screen: all of it stays in view.
    expect(boundPan(5000, -5000, 0.1, tiny, stage)).toEqual({ x: 570, y: 0 });
  });

  it('scales with the zoom', () => {
    expect(boundPan(-50_000, 0, 0.5, drawing, stage).x).toBe(KEEP_IN_VIEW_PX - 500);
  });

  it('bounds nothing while the stage is not laid out (a hidden tab)', () => {
    expect(boundPan(-50_000, 9000, 1, drawing, { width: 0, height: 0 })).toEqual({
      x: -50_000,
      y: 9000,
    });
  });
});

describe('the zoom of a presented drawing', () => {
  const screen = { width: 1400, height: 760 };

  it('scales a small drawing up to fill the screen, at most to the cap', () => {
    // 400 × 380 fills the height first: 760 / 380 = 2.
    expect(presentZoom({ width: 400, height: 380 }, screen)).toBeCloseTo(2);
    expect(presentZoom({ width: 500, height: 500 }, screen)).toBeCloseTo(760 / 500);
    expect(presentZoom({ width: 100, height: 50 }, screen)).toBe(PRESENT_ZOOM.cap);
  });

  it('keeps a long drawing at the follow zoom, or as wide as the screen if that is less', () => {
    expect(presentZoom({ width: 600, height: 4000 }, screen)).toBe(PRESENT_ZOOM.follow);
    expect(presentZoom({ width: 1600, height: 4000 }, screen)).toBeCloseTo(1400 / 1600);
  });

  it('fits a wide drawing to the width, never below the readable floor', () => {
    expect(presentZoom({ width: 2000, height: 300 }, screen)).toBeCloseTo(0.7);
    expect(presentZoom({ width: 6000, height: 300 }, screen)).toBe(OPEN_ZOOM_FLOOR);
  });

  it('whatever the sizes, the whole drawing fits when that keeps it at or above the follow zoom', () => {
    for (let w = 50; w <= 3000; w += 175) {
      for (let h = 50; h <= 3000; h += 175) {
        const zoom = presentZoom({ width: w, height: h }, screen);
        expect(zoom).toBeLessThanOrEqual(PRESENT_ZOOM.cap);
        expect(zoom).toBeGreaterThanOrEqual(OPEN_ZOOM_FLOOR);
        const whole = Math.min(screen.width / w, screen.height / h);
        if (whole >= PRESENT_ZOOM.follow)
          expect(zoom).toBeCloseTo(Math.min(whole, PRESENT_ZOOM.cap));
        else
          expect(w * zoom).toBeLessThanOrEqual(Math.max(screen.width, w * OPEN_ZOOM_FLOOR) + 1e-6);
      }
    }
  });
});
