/**
 * The editor's preview as the E2E specs read it: its root (with the frame's reports as data
 * attributes), the render frame and its drawing, and the waits on them the specs share.
 */
import { expect, type Frame, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../../src/client/features/preview/testIds';
import { ZOOM } from '../../src/shared/constants';

export const preview = (page: Page) => page.getByTestId(PREVIEW_TESTIDS.root);
export const previewFrame = (page: Page) =>
  page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
/** The drawing on screen (the first SVG of the frame). */
export const drawing = (page: Page) => previewFrame(page).locator('svg').first();

/** The render frame itself, to evaluate in it. */
export async function renderFrame(page: Page): Promise<Frame> {
  const handle = await page.getByTestId(PREVIEW_TESTIDS.frame).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no render frame');
  return frame;
}

/**
 * Waits until the frame has drawn (or refused) the newest text. With the page's clock stopped
 * (`stopClock`), pass `clockStep` to move it that many milliseconds before each look, so the
 * preview's own timers run.
 */
export async function drawnUpToDate(page: Page, clockStep?: number): Promise<void> {
  await expect
    .poll(async () => {
      if (clockStep !== undefined) await page.clock.runFor(clockStep);
      const [seq, latest] = await Promise.all([
        preview(page).getAttribute('data-seq'),
        preview(page).getAttribute('data-latest-seq'),
      ]);
      return seq !== '0' && seq === latest;
    })
    .toBe(true);
}

/** Puts the mouse over the middle of the render frame; answers the frame's box. */
export async function pointAtFrameCentre(page: Page) {
  const area = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
  if (!area) throw new Error('no preview frame');
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  return area;
}

/**
 * The zoom the person chose, once the frame has reported it and it stays put: the same over
 * three reads, most of a second apart end to end (a busy frame reports a step late).
 */
export async function settledZoom(page: Page): Promise<string | null> {
  let zoom: string | null = null;
  let same = 0;
  await expect
    .poll(
      async () => {
        const last = zoom;
        zoom = await preview(page).getAttribute('data-zoom');
        same = last === zoom ? same + 1 : 0;
        return same >= 2;
      },
      { intervals: [300] },
    )
    .toBe(true);
  return zoom;
}

/**
 * Zooms in by `steps` clicks of the preview's Zoom in and answers the zoom the frame then
 * reports: each click is one step from the zoom as it was, so the answer is known before the
 * frame says it (a busy frame can report the first step long after the second click).
 */
export async function zoomInSteps(page: Page, steps: number): Promise<string> {
  const start = Number(await settledZoom(page));
  for (let i = 0; i < steps; i++) {
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
  }
  let zoom = '';
  await expect
    .poll(async () => {
      zoom = (await preview(page).getAttribute('data-zoom')) ?? '';
      return Math.abs(Number(zoom) - (start + steps * ZOOM.step)) < 0.005;
    })
    .toBe(true);
  return zoom;
}

export type Box = { x: number; y: number; width: number; height: number };

/**
 * Where `selector` is drawn in the frame (page coordinates) once the drawing holds still: the
 * preview places and fits a new drawing after it appears, and a busy machine can measure it
 * before that and act on the old place.
 */
export async function steadyBox(page: Page, selector: string): Promise<Box> {
  let last: Box | null = null;
  await expect
    .poll(async () => {
      const found = await previewFrame(page).locator(selector).first().boundingBox();
      const steady = found !== null && JSON.stringify(found) === JSON.stringify(last);
      last = found;
      return steady;
    }, `${selector} drawn and holding still`)
    .toBe(true);
  return last!;
}
