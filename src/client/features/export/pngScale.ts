/**
 * The scale for a PNG export: 2x, lowered only as far as needed to stay inside Chromium's canvas
 * limits (32767 px a side, 268 million pixels), which a 600-message diagram exceeds at 2x.
 */
export const PNG_SCALE = 2;
const MAX_SIDE = 32767;
const MAX_AREA = 268_435_456;

export function pngScale(width: number, height: number, wanted = PNG_SCALE): number {
  const bySide = MAX_SIDE / Math.max(width, height);
  const byArea = Math.sqrt(MAX_AREA / (width * height));
  return Math.min(wanted, bySide, byArea);
}
