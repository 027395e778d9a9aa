/**
 * The drawing's view as a person moves it: the wheel zooms by the spec's step, no pan loses the
 * drawing, typing never changes the zoom the person chose, and the zoom toolbar never covers the
 * pinned participant headers.
 */
import { expect, test, type Page } from '@playwright/test';
import { conversation, denseFlowchart, readFixture } from '../test/fixtures/diagrams';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { KEEP_IN_VIEW_PX } from '../src/client/features/preview/frame/viewMath';
import { EditorPage } from './support/editorPage';
import { pointAtFrameCentre, preview, previewFrame, settledZoom } from './support/previewFrame';

// Trace snapshots would wait on a busy render frame (as in preview.spec.ts).

const MEDIUM = readFixture('medium.mmd');
const SMALL = 'sequenceDiagram\n    Alice->>Bob: Hello\n    Bob-->>Alice: OK\n    Alice->>Bob: OK';

const level = (page: Page) => page.getByTestId(PREVIEW_TESTIDS.zoomLevel);
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function show(page: Page, text: string) {
  const editor = new EditorPage(page);
  await editor.open();
  await expect(preview(page)).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await editor.setText(text);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length), {
    timeout: 60_000,
  });
  return editor;
}

/** Wheel events over the drawing, with `modifier` held. */
async function wheel(page: Page, dy: number, times = 1, modifier?: 'Shift' | 'Alt') {
  if (modifier) await page.keyboard.down(modifier);
  for (let i = 0; i < times; i++) await page.mouse.wheel(0, dy);
  if (modifier) await page.keyboard.up(modifier);
}

/** How much of the drawing is inside the frame's view, across and down (px). */
async function drawingInView(page: Page) {
  return previewFrame(page)
    .locator('#canvas > svg')
    .evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const { clientWidth: width, clientHeight: height } = document.documentElement;
      return {
        across: Math.min(box.right, width) - Math.max(box.left, 0),
        down: Math.min(box.bottom, height) - Math.max(box.top, 0),
      };
    });
}

test.describe('the wheel', () => {
  test('one notch is one zoom step (10 %); a trackpad moves by a share of it, never more', async ({
    page,
  }) => {
    await show(page, SMALL);
    await button(page, 'Reset view').click();
    await expect(level(page)).toHaveText('100%');
    await pointAtFrameCentre(page);

    await wheel(page, -100);
    await expect(level(page)).toHaveText('110%');
    await wheel(page, 100, 2);
    await expect(level(page)).toHaveText('90%');

    // The six notches: 100 % → 40 %, not 10 %.
    await button(page, 'Reset view').click();
    await expect(level(page)).toHaveText('100%');
    await pointAtFrameCentre(page);
    await wheel(page, 100, 6);
    await expect(level(page)).toHaveText('40%');

    // A trackpad's small deltas add up: 5 × 4 px is a fifth of a notch.
    await button(page, 'Reset view').click();
    await expect(level(page)).toHaveText('100%');
    await pointAtFrameCentre(page);
    await wheel(page, -4, 5);
    await expect(level(page)).toHaveText('102%');

    // One large event is still one step.
    await wheel(page, 1000);
    await expect(level(page)).toHaveText('92%');
  });

  test('no pan loses the drawing: part of it stays in view, at 100 % and at 10 %', async ({
    page,
  }) => {
    await show(page, MEDIUM);
    const area = await pointAtFrameCentre(page);
    const keepsSome = async () => {
      await expect
        .poll(async () => {
          const seen = await drawingInView(page);
          return Math.min(seen.across, seen.down);
        })
        .toBeGreaterThanOrEqual(KEEP_IN_VIEW_PX - 1);
    };
    for (const zoom of ['100%', '10%']) {
      await button(page, 'Reset view').click();
      if (zoom === '10%') {
        await pointAtFrameCentre(page);
        await wheel(page, 100, 9);
      }
      await expect(level(page)).toHaveText(zoom);
      await pointAtFrameCentre(page);
      // Shift+wheel far to each side, Alt+wheel far up and down.
      await wheel(page, 3000, 20, 'Shift');
      await keepsSome();
      await wheel(page, -3000, 40, 'Shift');
      await keepsSome();
      await wheel(page, 3000, 40, 'Alt');
      await keepsSome();
      await wheel(page, -3000, 40, 'Alt');
      await keepsSome();
      // A long drag off to the bottom right.
      await page.mouse.move(area.x + 20, area.y + 20);
      await page.mouse.down();
      for (let i = 0; i < 8; i++) {
        await page.mouse.move(area.x + area.width - 10, area.y + area.height - 10, { steps: 3 });
        await page.mouse.up();
        await page.mouse.move(area.x + 20, area.y + 20);
        await page.mouse.down();
      }
      await page.mouse.up();
      await keepsSome();
      await expect(level(page)).toHaveText(zoom);
    }
  });
});

test('typing never changes the zoom the person chose, though the frame is replaced meanwhile', async ({
  page,
}) => {
  test.slow(); // a slow diagram, drawn several times
  // A diagram whose drawing takes a second or more: typing into it outpaces the renderer, which
  // is when a busy frame is replaced by a fresh one.
  const slow = denseFlowchart('zoom');
  const editor = await show(page, slow);
  await pointAtFrameCentre(page);
  await wheel(page, 100, 3);
  // The zoom the person chose, once the frame has reported it (it stays put).
  const zoom = await settledZoom(page);
  const chosen = await level(page).textContent();

  // Every zoom the preview reports from now on.
  await preview(page).evaluate((section) => {
    const seen: string[] = [];
    (window as unknown as { zoomsSeen: string[] }).zoomsSeen = seen;
    new MutationObserver(() => seen.push(section.getAttribute('data-zoom') ?? '')).observe(
      section,
      { attributes: true, attributeFilter: ['data-zoom'] },
    );
  });
  await editor.focusEnd();
  // A person types a node, pauses (that text goes to the renderer), and types on.
  await page.keyboard.type('  n1 --> n2', { delay: 80 });
  await page.waitForTimeout(600);
  await page.keyboard.type('0[typed on]', { delay: 80 });
  const typed = `${slow}  n1 --> n20[typed on]`;
  await expect.poll(() => editor.text()).toBe(typed);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(typed.length), {
    timeout: 60_000,
  });
  await expect(previewFrame(page).locator('#canvas > svg')).toContainText('typed on');
  const seen = await page.evaluate(() => (window as unknown as { zoomsSeen: string[] }).zoomsSeen);
  expect(seen.filter((value) => value !== zoom)).toEqual([]);
  await expect(level(page)).toHaveText(chosen ?? '');
});

test.describe('the zoom toolbar and the pinned headers', () => {
  for (const { viewport, scheme } of [
    { viewport: { width: 1440, height: 900 }, scheme: 'light' as const },
    { viewport: { width: 1440, height: 900 }, scheme: 'dark' as const },
    { viewport: { width: 390, height: 844 }, scheme: 'light' as const },
    { viewport: { width: 390, height: 844 }, scheme: 'dark' as const },
  ]) {
    test(`at ${viewport.width} px (${scheme}) the toolbar covers no pinned header`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const editor = new EditorPage(page);
      await editor.open();
      const text = conversation(4, 200);
      await editor.setText(text);
      if (viewport.width < 768) await page.getByRole('tab', { name: 'Diagram' }).click();
      await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length), {
        timeout: 60_000,
      });
      await button(page, 'Reset view').click();
      await expect(level(page)).toHaveText('100%');
      await pointAtFrameCentre(page);
      await wheel(page, 1500, 2, 'Alt');
      const strip = previewFrame(page).locator('.lifeline-header-strip');
      await expect(strip).toBeVisible();
      const toolbar = await page.getByTestId(PREVIEW_TESTIDS.zoom).boundingBox();
      const frame = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
      if (!toolbar || !frame) throw new Error('no toolbar or frame');
      // The strip and each header in it, in the page's coordinates.
      const boxes = await previewFrame(page)
        .locator('.lifeline-header-strip')
        .evaluate((root) =>
          [root, ...root.querySelectorAll('rect.actor')].map((element) => {
            const box = element.getBoundingClientRect();
            return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
          }),
        );
      expect(boxes.length).toBeGreaterThan(1);
      const covered = boxes.filter(
        (box) =>
          frame.x + box.left < toolbar.x + toolbar.width &&
          toolbar.x < frame.x + box.right &&
          frame.y + box.top < toolbar.y + toolbar.height &&
          toolbar.y < frame.y + box.bottom,
      );
      expect(covered).toEqual([]);
    });
  }
});
