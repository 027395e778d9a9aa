/**
 * A wide diagram opens readable: an imported trace opens fitted to the drawing's width but never
 * below the readable floor (the rest is a pan away), and no identifier is hyphenated where its
 * label wraps.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { OPEN_ZOOM_FLOOR } from '../src/shared/constants';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { TRACE_TESTIDS } from '../src/client/features/trace-import/copy';
import { preview } from './support/previewFrame';
import { signInLocally, uniqueLogin } from './support/signIn';

const fixture = (name: string) =>
  readFileSync(new URL(`../test/fixtures/traces/${name}`, import.meta.url), 'utf8');
const drawing = (page: Page) =>
  page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`).locator('#canvas > svg');

/** Signs in, drops the trace file on the editor and opens it as a new diagram. */
async function openTrace(page: Page, name: string) {
  await signInLocally(page, `${uniqueLogin('readable')}@example.test`, 'Trace Reader');
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  const dataTransfer = await page.evaluateHandle(
    ([name, content]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], name, { type: 'application/json' }));
      return transfer;
    },
    [name, fixture(name)] as const,
  );
  await page.locator('.cm-content').dispatchEvent('drop', { dataTransfer });
  const open = page.getByTestId(TRACE_TESTIDS.open);
  await expect(open).toBeEnabled({ timeout: 30_000 });
  await open.click();
  await expect(page.getByTestId(TRACE_TESTIDS.dialog)).toBeHidden();
  await expect(page.locator('.cm-content')).toContainText('participant blt');
  // Drawn up to date.
  await expect
    .poll(async () => {
      const root = preview(page);
      const [seq, latest] = await Promise.all([
        root.getAttribute('data-seq'),
        root.getAttribute('data-latest-seq'),
      ]);
      return seq !== '0' && seq === latest && (await drawing(page).locator('text.actor').count());
    })
    .toBeTruthy();
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px an imported wide trace opens at a readable zoom, its start in view`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openTrace(page, 'zipkin-yelp.json');
    if (viewport.width < 768) await page.getByRole('tab', { name: 'Diagram' }).click();
    // Fitted to the width this drawing would be about 22 % at 1440 px: unreadable.
    await expect
      .poll(async () => Number(await preview(page).getAttribute('data-zoom')))
      .toBeGreaterThanOrEqual(OPEN_ZOOM_FLOOR);
    await expect(page.getByTestId(PREVIEW_TESTIDS.zoomLevel)).toHaveText(
      `${Math.round(OPEN_ZOOM_FLOOR * 100)}%`,
    );
    // Wider than the pane at that zoom: left-aligned, so its first participant is in view and
    // the rest is a pan away.
    const first = await drawing(page)
      .locator('rect.actor-top')
      .evaluateAll(
        (rects) =>
          rects
            .map((rect) => rect.getBoundingClientRect())
            .filter((box) => box.width > 0)
            .sort((a, b) => a.left - b.left)
            .map((box) => ({ left: box.left, right: box.right }))[0],
      );
    const frameWidth = (await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox())!.width;
    expect(first!.left).toBeGreaterThanOrEqual(0);
    expect(first!.right).toBeLessThanOrEqual(frameWidth);
    const whole = await drawing(page).evaluate((svg) => svg.getBoundingClientRect().width);
    expect(whole).toBeGreaterThan(frameWidth);
  });
}

test('no identifier of an imported trace is hyphenated where its label wraps', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTrace(page, 'zipkin-yelp.json');
  const lines = await drawing(page)
    .locator('text.messageText, text.noteText, text.actor tspan')
    .evaluateAll((nodes) =>
      nodes.map((node) => ({
        text: node.textContent ?? '',
        hyphens: getComputedStyle(node).hyphens,
      })),
    );
  const texts = lines.map((line) => line.text.trim());
  // The route wraps whole at its slashes: "/location" ends a line, "/update/v4" starts one.
  expect(texts.some((text) => text.endsWith('/location'))).toBe(true);
  expect(texts.some((text) => text.startsWith('/update/v4'))).toBe(true);
  // No line ends in a hyphen the text did not have, and the page does not hyphenate either.
  expect(texts.filter((text) => text.endsWith('-'))).toEqual([]);
  expect(lines.filter((line) => line.hyphens === 'auto')).toEqual([]);
});
