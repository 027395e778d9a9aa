import { expect, test, type Page } from '@playwright/test';
import { readFixture } from '../test/fixtures/diagrams';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EditorPage } from './support/editorPage';
import {
  drawing,
  pointAtFrameCentre,
  preview,
  previewFrame,
  renderFrame,
} from './support/previewFrame';

const MEDIUM = readFixture('medium.mmd');

// As in preview.spec.ts: trace snapshots would wait on a busy render frame.

const frame = previewFrame;
const level = (page: Page) => page.getByTestId(PREVIEW_TESTIDS.zoomLevel);
const box = async (page: Page) => drawing(page).evaluate((svg) => svg.getBoundingClientRect());

async function show(page: Page, text: string) {
  const editor = new EditorPage(page);
  await editor.open();
  await expect(preview(page)).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await editor.setText(text);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length));
  await expect(preview(page)).toHaveAttribute('data-status', 'ok');
  return editor;
}

const SMALL = 'sequenceDiagram\n    Alice->>Bob: Hello\n    Bob-->>Alice: OK\n    Alice->>Bob: OK';

/**
 * SMALL at 110%: it opens fitted to the panel's width, Reset view is 100% and one Zoom in more.
 * Answers the preview's buttons by name.
 */
async function smallAt110(page: Page) {
  await show(page, SMALL);
  const button = (name: string) => page.getByRole('button', { name, exact: true });
  await button('Reset view').click();
  await expect(level(page)).toHaveText('100%');
  await button('Zoom in').click();
  await expect(level(page)).toHaveText('110%');
  return button;
}

test('every control changes the zoom by 10% and respects 10%…500%', async ({ page }) => {
  const button = await smallAt110(page);
  await button('Zoom out').click();
  await button('Zoom out').click();
  await expect(level(page)).toHaveText('90%');
  for (let i = 0; i < 9; i++) await button('Zoom out').click();
  await expect(level(page)).toHaveText('10%');
  await button('Reset view').click();
  await expect(level(page)).toHaveText('100%');
  for (let i = 0; i < 41; i++) await button('Zoom in').click();
  await expect(level(page)).toHaveText('500%');
  await button('Reset view').click();
  await expect(level(page)).toHaveText('100%');

  // +, − and 0 while the drawing has focus.
  await drawing(page).click();
  await page.keyboard.press('+');
  await expect(level(page)).toHaveText('110%');
  await page.keyboard.press('-');
  await page.keyboard.press('-');
  await expect(level(page)).toHaveText('90%');
  await page.keyboard.press('0');
  await expect(level(page)).toHaveText('100%');
});

test('a view the frame reported before it took the zoom asked since never undoes that zoom', async ({
  page,
}) => {
  await smallAt110(page);
  // What a busy frame does: a view it reported late, from before any zoom was asked of it,
  // arrives after the page asked for one, and the person clicks Zoom out twice just then. The
  // page keeps showing the zoom it asked for, and the two clicks are two steps from it.
  await page.evaluate((testId) => {
    const shown = document.querySelector(`[data-testid="${testId}"]`)!;
    const seen: string[] = [];
    (window as unknown as { zoomsSeen: string[] }).zoomsSeen = seen;
    new MutationObserver(() => seen.push(shown.textContent ?? '')).observe(shown, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    const zoomOut = document.querySelector<HTMLButtonElement>('button[aria-label="Zoom out"]')!;
    const late = (event: MessageEvent) => {
      const data = event.data as { type?: string; zoomSeq?: number };
      if (data.type !== 'lifeline:view-state' || data.zoomSeq !== 0) return;
      window.removeEventListener('message', late);
      zoomOut.click();
      zoomOut.click();
    };
    window.addEventListener('message', late);
  }, PREVIEW_TESTIDS.zoomLevel);
  const frameWindow = await renderFrame(page);
  await frameWindow.evaluate(() =>
    window.parent.postMessage(
      { type: 'lifeline:view-state', zoom: 3, x: 0, y: 0, own: true, zoomSeq: 0 },
      '*',
    ),
  );
  await expect(level(page)).toHaveText('90%');
  await page.waitForTimeout(500);
  await expect(level(page)).toHaveText('90%');
  const seen = await page.evaluate(() => (window as unknown as { zoomsSeen: string[] }).zoomsSeen);
  expect(seen.filter((text) => text !== '100%' && text !== '90%')).toEqual([]);
});

test('fit to screen shrinks a wide diagram into view and never zooms a small one past 100%', async ({
  page,
}) => {
  const wide = [
    'sequenceDiagram',
    ...Array.from({ length: 14 }, (_, i) => `    P${i}->>P${i + 1}: step ${i}`),
  ].join('\n');
  await show(page, wide);
  const area = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
  expect((await box(page)).width).toBeGreaterThan(area?.width ?? 0);
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(level(page)).not.toHaveText('100%');
  await expect.poll(async () => (await box(page)).width).toBeLessThanOrEqual(area?.width ?? 0);
  const fitted = await box(page);
  expect(fitted.left).toBeGreaterThanOrEqual(0);

  await new EditorPage(page).setText(SMALL);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(SMALL.length));
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(level(page)).toHaveText('100%');
});

test('the wheel zooms about the cursor; Shift pans across, Alt pans down', async ({ page }) => {
  await show(page, MEDIUM);
  const area = await pointAtFrameCentre(page);
  const cursor = { x: area.width / 2, y: area.height / 2 }; // in the frame's coordinates
  const before = await box(page);
  await page.mouse.wheel(0, -100);
  await expect(level(page)).not.toHaveText('100%');
  await expect.poll(async () => (await box(page)).width).toBeGreaterThan(before.width);
  const zoomed = await box(page);
  // The drawing point under the cursor stays put.
  const ratio = zoomed.width / before.width;
  expect(zoomed.left).toBeCloseTo(cursor.x - (cursor.x - before.left) * ratio, 0);
  expect(zoomed.top).toBeCloseTo(cursor.y - (cursor.y - before.top) * ratio, 0);

  const zoom = await level(page).textContent();
  await page.keyboard.down('Shift');
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Shift');
  await expect.poll(async () => (await box(page)).left).toBeLessThan(zoomed.left - 50);
  const across = await box(page);
  expect(across.top).toBeCloseTo(zoomed.top, 0);
  await expect(level(page)).toHaveText(zoom ?? '');

  await page.keyboard.down('Alt');
  await page.mouse.wheel(0, 100);
  await page.keyboard.up('Alt');
  await expect.poll(async () => (await box(page)).top).toBeLessThan(across.top - 50);
  expect((await box(page)).left).toBeCloseTo(across.left, 0);
  await expect(level(page)).toHaveText(zoom ?? '');

  // Dragging pans too, and typing keeps the view.
  const dragged = await box(page);
  await page.mouse.down();
  await page.mouse.move(area.x + area.width / 2 + 80, area.y + area.height / 2 + 40, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => (await box(page)).left).toBeCloseTo(dragged.left + 80, 0);
  const kept = await box(page);
  const editor = new EditorPage(page);
  const more = `${MEDIUM}\n    P1->>P2: one more`;
  await editor.setText(more);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(more.length));
  expect((await box(page)).left).toBeCloseTo(kept.left, 0);
  expect((await box(page)).top).toBeCloseTo(kept.top, 0);
  await expect(level(page)).toHaveText(zoom ?? '');
});

test.describe('editing a label in place', () => {
  const secondOk = (page: Page) =>
    frame(page).locator('text.messageText', { hasText: 'OK' }).nth(1);
  const input = (page: Page) => frame(page).locator('textarea.label-editor');

  test('Enter saves into the source, only that occurrence, and undo restores it', async ({
    page,
  }) => {
    const editor = await show(page, SMALL);
    await secondOk(page).dblclick();
    await expect(input(page)).toHaveValue('OK');
    await input(page).fill('Fine, thanks');
    await page.keyboard.press('Enter');
    const edited = SMALL.replace('Bob: OK', 'Bob: Fine, thanks');
    await expect.poll(() => editor.text()).toBe(edited);
    await expect(preview(page)).toHaveAttribute('data-shown-length', String(edited.length));
    await expect(drawing(page)).toContainText('Fine, thanks');
    await expect(input(page)).toHaveCount(0);

    await editor.content.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(SMALL);
  });

  test('Escape leaves source and drawing unchanged', async ({ page }) => {
    const editor = await show(page, SMALL);
    await secondOk(page).dblclick();
    await input(page).fill('Never mind');
    await page.keyboard.press('Escape');
    await expect(input(page)).toHaveCount(0);
    expect(await editor.text()).toBe(SMALL);
    await expect(drawing(page)).not.toContainText('Never mind');
    await expect(frame(page).locator('text.messageText', { hasText: 'OK' })).toHaveCount(2);
  });

  test('Shift+Enter makes a two-line label', async ({ page }) => {
    const editor = await show(page, SMALL);
    await frame(page).locator('text.messageText', { hasText: 'Hello' }).dblclick();
    await input(page).fill('');
    await page.keyboard.type('First line');
    await page.keyboard.press('Shift+Enter');
    await page.keyboard.type('second line');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.text()).toContain('Alice->>Bob: First line<br/>second line');
    await expect(frame(page).locator('text.messageText', { hasText: 'second line' })).toBeVisible();
    await expect(frame(page).locator('text.messageText', { hasText: 'First line' })).toBeVisible();
  });

  test("a participant's name becomes its alias", async ({ page }) => {
    const editor = await show(page, 'sequenceDiagram\n    participant A as Alice\n    A->>Bob: Hi');
    await frame(page).locator('text.actor', { hasText: 'Alice' }).first().dblclick();
    await input(page).fill('Alicia');
    await input(page).blur(); // blur saves
    await expect.poll(() => editor.text()).toContain('participant A as Alicia');
  });
});
