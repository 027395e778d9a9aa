/** What the XSS specs do to a drawn diagram: click it as a viewer would, and wait for images. */
import { expect, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../../src/client/features/preview/testIds';

/** Clicks what a viewer would click: nodes, actors, notes, links in the drawing. */
export async function clickAround(page: Page) {
  const scope = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`).locator('body');
  const targets = scope.locator('svg .node, svg a, svg text.actor, svg rect.actor, svg .note');
  const count = Math.min(await targets.count(), 8);
  for (let i = 0; i < count; i += 1) {
    await targets
      .nth(i)
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined); // hidden or covered targets are not the point
  }
}

/** Every image in the page and its frames has loaded or failed (an onerror had its chance). */
export async function imagesSettled(page: Page) {
  await expect
    .poll(async () => {
      const states = await Promise.all(
        page
          .frames()
          .map((frame) =>
            frame
              .evaluate(() => Array.from(document.images).every((image) => image.complete))
              .catch(() => true),
          ),
      );
      return states.every(Boolean);
    })
    .toBe(true);
}
