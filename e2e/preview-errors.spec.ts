/**
 * A half-typed line and the drawing: the last good drawing stays, dimmed, through a pause in the
 * middle of a line; the error graphic with a plain hint comes only once the error outlasts the
 * longer pause or the cursor leaves its line, and it is never cut off at the pane's edges. The
 * pauses are the page's clock, advanced by the test: no real sleeps.
 */
import { expect, test, type Page } from '@playwright/test';
import { ERROR_AFTER_PAUSE_MS } from '../src/client/features/preview/errorPause';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EditorPage } from './support/editorPage';
import { CLOCK_STEP_MS, stopClock } from './support/pageClock';
import { drawnUpToDate, preview, previewFrame } from './support/previewFrame';

test.slow();

const GOOD = 'sequenceDiagram\n    Alice->>Bob: Last good';

const frame = previewFrame;
const errorGraphic = (page: Page) => frame(page).locator('svg[aria-roledescription="error"]');
const errorCard = (page: Page) => frame(page).locator('.error-card');
const lastGood = (page: Page) =>
  frame(page).locator('#canvas text.messageText', { hasText: 'Last good' });

async function openWith(page: Page, text: string) {
  await page.clock.install();
  const editor = new EditorPage(page);
  await editor.open();
  await expect(preview(page)).toHaveAttribute('data-status', 'ok');
  await editor.setText(text);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length));
  await expect(lastGood(page)).toHaveCount(1);
  await editor.focusEnd();
  return editor;
}

test('a pause in the middle of a line keeps the last drawing, dimmed; the error and a plain hint come after the longer pause', async ({
  page,
}) => {
  await openWith(page, GOOD);
  // The page's time moves only as the test moves it, so the 2 s pause is 2 s whatever the load.
  await stopClock(page);
  await page.keyboard.press('Enter');
  await page.keyboard.type('Alice->>');
  await drawnUpToDate(page, CLOCK_STEP_MS);
  await expect(frame(page).locator('#stage[data-stale]')).toHaveCount(1);

  // A 2 s pause mid-line: thinking, not stuck. The drawing stays.
  await page.clock.runFor(2_000);
  await expect(errorGraphic(page)).toHaveCount(0);
  await expect(lastGood(page)).toHaveCount(1);

  // Past the longer pause: the spec's error graphic, over the dimmed drawing, with a plain hint.
  await page.clock.runFor(ERROR_AFTER_PAUSE_MS - 2_000 + 100);
  await expect(errorGraphic(page)).toHaveCount(1);
  await expect(errorGraphic(page)).toContainText('Syntax error in text');
  await expect(lastGood(page)).toHaveCount(1);
  await expect(frame(page).locator('#stage[data-stale]')).toHaveCount(1);
  const hint = frame(page).locator('.error-card-hint');
  await expect(hint).toHaveText(
    'Line 3: An arrow needs a participant at each end, like Alice->>Bob: Hello.',
  );
  await expect(hint).not.toContainText('Expecting');
  await expect(page.getByTestId(PREVIEW_TESTIDS.status)).toContainText(
    'An arrow needs a participant at each end',
  );

  // Finishing the line brings the new drawing back, whole and bright.
  await page.keyboard.type('Bob: Hi');
  await drawnUpToDate(page, CLOCK_STEP_MS);
  await expect(errorCard(page)).toBeHidden();
  await expect(frame(page).locator('#canvas text.messageText', { hasText: 'Hi' })).toHaveCount(1);
  await expect(frame(page).locator('#stage[data-stale]')).toHaveCount(0);
});

test('the error shows at once when the cursor leaves its line', async ({ page }) => {
  await page.clock.install();
  const editor = new EditorPage(page);
  await editor.open();
  await expect(preview(page)).toHaveAttribute('data-status', 'ok');
  await editor.setText(GOOD);
  await expect(lastGood(page)).toHaveCount(1);
  await editor.focusEnd();
  await page.keyboard.press('Enter');
  await page.keyboard.type('Alice->>Bob');
  await drawnUpToDate(page);
  await expect(frame(page).locator('#stage[data-stale]')).toHaveCount(1);
  // The clock stands still from here: only the cursor's move can bring the error.
  const pausedAt = Date.now() + 60_000;
  await page.clock.pauseAt(pausedAt);
  // The render frame keeps the page's clock (else its pause would run on real time).
  const renderFrame = page.frames().find((f) => f.url().includes('/frame.html'));
  expect(await renderFrame?.evaluate(() => Date.now())).toBe(pausedAt);
  await page.keyboard.press('ArrowUp');
  await expect(frame(page).locator('.error-card-hint')).toHaveText(
    'Line 3: A message needs its text after a colon, like Alice->>Bob: Hello.',
  );
  await expect(lastGood(page)).toHaveCount(1);
});

test('the error card sits inside the pane, whatever the pan', async ({ page }) => {
  await openWith(page, GOOD);
  // Pan the drawing far to the left, as a person dragging it would.
  const box = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
  if (!box) throw new Error('no frame');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 10, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await new EditorPage(page).focusEnd();
  await page.keyboard.press('Enter');
  await page.keyboard.type('User');
  await drawnUpToDate(page);
  await page.clock.runFor(ERROR_AFTER_PAUSE_MS + 100);
  await expect(errorGraphic(page)).toHaveCount(1);
  const frameWidth = box.width;
  const card = await errorCard(page).boundingBox();
  const graphic = await errorGraphic(page).boundingBox();
  expect(card && graphic).toBeTruthy();
  for (const part of [card!, graphic!]) {
    expect(part.x).toBeGreaterThanOrEqual(box.x);
    expect(part.x + part.width).toBeLessThanOrEqual(box.x + frameWidth);
  }
});
