/**
 * The page's clock, stopped: once a test has installed Playwright's clock, time still flows at the
 * machine's pace, so a starved browser can turn the gap between two steps of a test into a pause
 * it never meant (a caret's 600 ms blink, the 4 s before the error graphic). Stopped, the page's
 * time moves only when the test moves it, whatever the load.
 */
import type { Page } from '@playwright/test';

/** How far a stopped clock moves before each look at the drawing (`drawnUpToDate`). */
export const CLOCK_STEP_MS = 20;

/** Stops the page's clock a moment from now (the clock must be installed). */
export async function stopClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 300);
      return;
    } catch {
      // The page's time passed `now + 300` before the call arrived (a busy machine): again.
    }
  }
}
