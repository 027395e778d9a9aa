/**
 * The arithmetic of the drawing's view, kept pure: how far a wheel event zooms, and where a pan
 * may go so that the drawing is never lost.
 */
import { OPEN_ZOOM_FLOOR, PRESENT_ZOOM, ZOOM } from '@shared/constants';

/** A mouse wheel's notch, as browsers report it in pixel mode (deltaMode 0). */
export const WHEEL_NOTCH_PX = 100;
/** A notch in line mode (deltaMode 1, Firefox on some systems): three lines. */
export const WHEEL_NOTCH_LINES = 3;
/** How much of the drawing (px, across and down) every pan leaves in the stage. */
export const KEEP_IN_VIEW_PX = 64;

const DOM_DELTA_PIXEL = 0;
const DOM_DELTA_LINE = 1;

/**
 * How far one wheel event zooms (spec §9): one zoom step a notch, a share of a step for the small
 * deltas of a trackpad, and never more than a step however large the event. Turning the wheel
 * towards the person (positive `deltaY`) zooms out.
 */
export function wheelZoomDelta(deltaY: number, deltaMode: number): number {
  const notches =
    deltaMode === DOM_DELTA_PIXEL
      ? deltaY / WHEEL_NOTCH_PX
      : deltaMode === DOM_DELTA_LINE
        ? deltaY / WHEEL_NOTCH_LINES
        : Math.sign(deltaY); // a page a notch
  return -Math.max(-1, Math.min(1, notches)) * ZOOM.step;
}

/** Zoom is kept in whole percents (as the buttons set it, and the toolbar shows it). */
const PERCENT = 100;
/** Float noise below this is not a share of a percent (0.1 + 0.2 and the like). */
const EPSILON = 1e-9;

/**
 * The zoom after a wheel event of `delta` (see wheelZoomDelta), in whole percents, and what is
 * left over for the next event: a trackpad's deltas of a fraction of a percent add up rather
 * than vanish in the rounding. At a limit (spec §9: 10 % … 500 %) nothing is carried over.
 */
export function wheelZoom(
  zoom: number,
  carried: number,
  delta: number,
): { zoom: number; carried: number } {
  const total = carried + delta;
  const whole = Math.trunc(total * PERCENT + Math.sign(total) * EPSILON) / PERCENT;
  const wanted = Math.round((zoom + whole) * PERCENT) / PERCENT;
  const next = Math.min(ZOOM.max, Math.max(ZOOM.min, wanted));
  const atLimit = (total < 0 && next <= ZOOM.min) || (total > 0 && next >= ZOOM.max);
  return { zoom: next, carried: atLimit ? 0 : total - whole };
}

export interface Size {
  width: number;
  height: number;
}

/**
 * Where the drawing's origin may be along one axis: at least `keep` px of the drawing (all of
 * it, when it is smaller; never more than the stage) stays inside the stage.
 */
function boundAxis(at: number, drawn: number, stage: number, keep: number): number {
  const kept = Math.min(keep, drawn, stage);
  return Math.min(stage - kept, Math.max(kept - drawn, at));
}

/**
 * The view's origin (`x`, `y`: where the drawing's top left is on the stage) moved the least so
 * that part of the drawing stays in view whatever the pan. A stage not laid out (a hidden tab)
 * bounds nothing.
 */
export function boundPan(
  x: number,
  y: number,
  zoom: number,
  drawing: Size,
  stage: Size,
  keep = KEEP_IN_VIEW_PX,
): { x: number; y: number } {
  if (stage.width <= 0 || stage.height <= 0 || drawing.width <= 0 || drawing.height <= 0) {
    return { x, y };
  }
  return {
    x: boundAxis(x, drawing.width * zoom, stage.width, keep),
    y: boundAxis(y, drawing.height * zoom, stage.height, keep),
  };
}

/**
 * The zoom a presented drawing of `drawing` px gets in a stage with `room` px to spare: the whole
 * drawing as large as the screen allows (up to PRESENT_ZOOM.cap); a drawing too long for that
 * stays at least at PRESENT_ZOOM.follow, as wide as it fits, and the view follows the message. A
 * drawing wider than the screen is fitted to its width, never below the readable floor.
 */
export function presentZoom(drawing: Size, room: Size): number {
  const across = room.width / drawing.width;
  const down = room.height / drawing.height;
  const zoom = Math.min(PRESENT_ZOOM.cap, across, Math.max(down, PRESENT_ZOOM.follow));
  return Math.min(ZOOM.max, Math.max(OPEN_ZOOM_FLOOR, zoom));
}
