/**
 * The editor's preview as the E2E specs read it: its root (with the frame's reports as data
 * attributes), the render frame and its drawing, and the waits on them the specs share.
 */
import { expect, type Frame, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../../src/client/features/preview/testIds';

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

/** Waits until the frame has drawn (or refused) the newest text. */
export async function drawnUpToDate(page: Page): Promise<void> {
  await expect
    .poll(async () => {
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

/** The zoom the person chose, once the frame has reported it and it stays put. */
export async function settledZoom(page: Page): Promise<string | null> {
  let zoom: string | null = null;
  await expect
    .poll(async () => {
      const last = zoom;
      zoom = await preview(page).getAttribute('data-zoom');
      return last === zoom;
    })
    .toBe(true);
  return zoom;
}
