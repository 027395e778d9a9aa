/**
 * The first minute in the editor, as a person lives it: keys typed one by one at a human pace,
 * the drawing sampled after every key, and the preview's geometry read where the person sees it.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPEN_ZOOM_FLOOR } from '../src/shared/constants';
import { SAVE_PROMPT } from '../src/shared/messages';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SIGN_IN_PROMPT_PAUSE_MS } from '../src/client/features/editor/useSignInPrompt';
import { ERROR_AFTER_PAUSE_MS } from '../src/client/features/preview/errorPause';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { conversation } from '../test/fixtures/diagrams';
import { EditorPage } from './support/editorPage';
import { CLOCK_STEP_MS, stopClock } from './support/pageClock';
import {
  drawnUpToDate,
  preview,
  previewFrame,
  renderFrame,
  zoomInSteps,
} from './support/previewFrame';
import { publishDiagrams } from './support/published';
import { signInLocally, uniqueLogin } from './support/signIn';

// Trace snapshots would wait on a busy render frame (as in preview.spec.ts).

/** A person's typing pace: about eight keys a second. */
const HUMAN_KEY_DELAY_MS = 120;

async function showText(page: Page, editor: EditorPage, text: string) {
  await editor.setText(text);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length), {
    timeout: 30_000,
  });
}

/** Signs a fresh account in and opens a saved diagram of `content`. */
async function openSavedDiagram(page: Page, content: string) {
  await signInLocally(page, `${uniqueLogin('first')}@example.test`);
  const response = await page.request.post('/api/diagrams', {
    data: { title: 'First minute', content },
  });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await page.goto(`/?diagramId=${id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(content.length), {
    timeout: 30_000,
  });
  return new EditorPage(page);
}

test.describe('typing', () => {
  test("the 'Save Your Work' nudge never takes a key: it waits for a pause and leaves the keyboard in the editor", async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open();
    const start = 'sequenceDiagram\n    User->>System: Login\n';
    await editor.setText(start);
    await editor.focusEnd();
    const line = '    System->>Databse: Query';
    // The fifth edit (the nudge's count) falls in the middle of the line.
    await editor.content.pressSequentially(line, { delay: HUMAN_KEY_DELAY_MS });
    await expect.poll(() => editor.text()).toBe(start + line);
    await expect(editor.content).toBeFocused();

    const dialog = page.getByRole('dialog', { name: SAVE_PROMPT.title });
    await expect(dialog).toBeVisible();
    await expect(editor.content).toBeFocused();
    // Keys typed while it shows still go into the text.
    await page.keyboard.type(' ok', { delay: HUMAN_KEY_DELAY_MS });
    await expect.poll(() => editor.text()).toBe(`${start}${line} ok`);

    await dialog.getByRole('button', { name: SAVE_PROMPT.continueWithout }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.content).toBeFocused();
    await page.keyboard.type(' and more', { delay: 40 });
    await expect.poll(() => editor.text()).toBe(`${start}${line} ok and more`);
    // Nothing announces that a nudge did not come: wait past the pause it would wait for.
    await page.waitForTimeout(SIGN_IN_PROMPT_PAUSE_MS + 1000);
    await expect(dialog).toHaveCount(0);
  });

  test('Enter keeps the indentation, indents after a block opener, and end goes back to it', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open();
    await editor.setText('sequenceDiagram\n    Alice->>Bob: Hello');
    await editor.focusEnd();
    await page.keyboard.press('Enter');
    await page.keyboard.type('alt is well');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bob->>Alice: Fine');
    await page.keyboard.press('Enter');
    await page.keyboard.type('else is ill');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bob->>Alice: Not so well');
    await page.keyboard.press('Enter');
    await page.keyboard.type('end');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Alice->>Bob: Bye');
    await expect
      .poll(() => editor.text())
      .toBe(
        [
          'sequenceDiagram',
          '    Alice->>Bob: Hello',
          '    alt is well',
          '        Bob->>Alice: Fine',
          '    else is ill',
          '        Bob->>Alice: Not so well',
          '    end',
          '    Alice->>Bob: Bye',
        ].join('\n'),
      );
  });
});

test.describe('a steady drawing', () => {
  test('while a new line is half-typed the last good drawing stays; the error graphic waits for a pause', async ({
    page,
  }) => {
    test.slow();
    await page.clock.install();
    const editor = new EditorPage(page);
    await editor.open();
    await showText(
      page,
      editor,
      'sequenceDiagram\n    User->>System: Login\n    System-->>User: Welcome',
    );
    const frame = previewFrame(page);
    const errorGraphic = frame.locator('svg[aria-roledescription="error"]');
    const lastGood = frame.locator('text.messageText', { hasText: 'Welcome' });
    await editor.focusEnd();
    // The page's time moves only as the test moves it: a person's 60 ms between keys, whatever
    // the machine's pace (a starved browser could otherwise stretch one key into the pause).
    await stopClock(page);
    await page.keyboard.press('Enter');
    let sawStale = false;
    for (const key of 'User->>System: Logout') {
      await page.keyboard.type(key);
      await page.clock.runFor(60);
      await drawnUpToDate(page, CLOCK_STEP_MS);
      // Sampled after every key, once the frame has drawn (or refused) the newest text.
      await expect(errorGraphic).toHaveCount(0);
      await expect(lastGood).toHaveCount(1);
      sawStale ||= (await frame.locator('#stage[data-stale]').count()) > 0;
    }
    expect(sawStale).toBe(true);
    await expect(frame.locator('text.messageText', { hasText: 'Logout' })).toHaveCount(1);
    await expect(frame.locator('#stage[data-stale]')).toHaveCount(0);

    // An error that outlasts the pause is shown, at a modest size.
    await page.keyboard.press('Enter');
    await page.keyboard.type('User');
    await drawnUpToDate(page, CLOCK_STEP_MS);
    await page.clock.runFor(ERROR_AFTER_PAUSE_MS + 100);
    await expect(errorGraphic).toHaveCount(1);
    const size = await errorGraphic.evaluate((svg) => svg.getBoundingClientRect());
    expect(size.height).toBeLessThanOrEqual(160);
    expect(size.height).toBeGreaterThan(0);
  });
});

const THREE_PARTICIPANTS = [
  'sequenceDiagram',
  '    participant Customer',
  '    participant Storefront',
  '    participant Warehouse',
  '    Customer->>Storefront: Place an order for three items',
  '    Storefront->>Warehouse: Reserve the items',
  '    Warehouse-->>Storefront: Reserved',
  '    Storefront-->>Customer: Order confirmed',
].join('\n');

/** Where the top participant boxes are drawn, in the frame's own viewport. */
async function participantBoxes(page: Page) {
  const frame = await renderFrame(page);
  return frame.evaluate(() => ({
    width: document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('svg rect.actor-top')].map((rect) => {
      const box = rect.getBoundingClientRect();
      return { left: box.left, right: box.right, top: box.top };
    }),
  }));
}

test.describe('a diagram opens fitted', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px every participant is in view (or the readable floor from the left), top-aligned, never above 100%`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openSavedDiagram(page, THREE_PARTICIPANTS);
      // Phones show one panel at a time: the drawing is behind its tab.
      if (viewport.width < 768) await page.getByRole('tab', { name: 'Diagram' }).click();
      await expect
        .poll(async () => {
          const { width, boxes } = await participantBoxes(page);
          const zoom = Number(await preview(page).getAttribute('data-zoom'));
          // Fitted, or (a phone too narrow for the readable floor) at the floor from the left.
          const shown = (box: (typeof boxes)[number]) =>
            box.left >= 0 && box.right <= width && box.top < 60;
          const leftmost = boxes.reduce((a, b) => (b.left < a.left ? b : a), boxes[0]!);
          return (
            boxes.length === 3 &&
            (boxes.every(shown) || (zoom === OPEN_ZOOM_FLOOR && shown(leftmost)))
          );
        })
        .toBe(true);
      const zoom = Number(await preview(page).getAttribute('data-zoom'));
      expect(zoom).toBeLessThanOrEqual(1);
    });
  }

  test("the user's own zoom and pan are kept while they type", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const editor = await openSavedDiagram(page, THREE_PARTICIPANTS);
    // The zoom the person chose, two steps in, once the frame has reported it.
    const zoom = await zoomInSteps(page, 2);
    const frame = await renderFrame(page);
    const place = () => frame.evaluate(() => document.getElementById('canvas')?.style.transform);
    const before = await place();
    expect(before).toContain('translate');
    await editor.focusEnd();
    await page.keyboard.type('!', { delay: HUMAN_KEY_DELAY_MS });
    await expect(preview(page)).toHaveAttribute(
      'data-shown-length',
      String(THREE_PARTICIPANTS.length + 1),
    );
    await expect(preview(page)).toHaveAttribute('data-zoom', zoom);
    expect(await place()).toBe(before);
  });
});

test('a wide diagram opens fitted, though the blank editor was still being drawn when it came', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  // The editor starts on a blank diagram and draws it while the addressed one loads: that first
  // drawing may arrive after the wide one has opened, and must not take its fitted placement.
  const wide = conversation(8, 8);
  await openSavedDiagram(page, wide);
  // Fitted to the width, or at the readable floor (left-aligned) when that is smaller: every
  // participant in view, or the first in view at the floor (the pinned headers' copies are not
  // drawn).
  await expect
    .poll(async () => {
      const zoom = Number(await preview(page).getAttribute('data-zoom'));
      const { width, boxes } = await participantBoxes(page);
      const drawn = boxes.filter((box) => box.right > box.left);
      if (drawn.length !== 8 || !(zoom < 1 && zoom >= OPEN_ZOOM_FLOOR)) return false;
      const inView = (box: (typeof drawn)[number]) => box.left >= 0 && box.right <= width;
      const leftmost = drawn.reduce((a, b) => (b.left < a.left ? b : a));
      return drawn.every(inView) || (zoom === OPEN_ZOOM_FLOOR && inView(leftmost));
    })
    .toBe(true);
});

test.describe('the drawing opens clear of the zoom toolbar', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px no participant sits under the toolbar`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const editor = new EditorPage(page);
      await editor.open();
      if (viewport.width < 768) await page.getByRole('tab', { name: 'Diagram' }).click();
      await drawnUpToDate(page);
      await expect
        .poll(async () => {
          const toolbar = await page.getByTestId(PREVIEW_TESTIDS.zoom).boundingBox();
          const frame = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
          const { boxes } = await participantBoxes(page);
          if (!toolbar || !frame || boxes.length === 0) return 'no drawing yet';
          // The toolbar's box in the frame's own coordinates, where the boxes are measured.
          const bottom = toolbar.y + toolbar.height - frame.y;
          const left = toolbar.x - frame.x;
          const right = left + toolbar.width;
          const covered = boxes.filter(
            (box) => box.top < bottom && box.right > left && box.left < right,
          );
          return covered.length === 0 ? 'clear' : `${covered.length} covered`;
        })
        .toBe('clear');
    });
  }
});

/** The colour at the middle of a screenshot (decoded in a blank page: no CSP in the way). */
async function colourAt(page: Page, shot: Buffer): Promise<[number, number, number]> {
  const scratch = await page.context().newPage();
  const colour = await scratch.evaluate(async (base64) => {
    const image = await createImageBitmap(
      await (await fetch(`data:image/png;base64,${base64}`)).blob(),
    );
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(image, 0, 0);
    const [r, g, b] = context.getImageData(image.width / 2, image.height / 2, 1, 1).data;
    return [r ?? 0, g ?? 0, b ?? 0] as [number, number, number];
  }, shot.toString('base64'));
  await scratch.close();
  return colour;
}

test('in dark mode the preview is never white while the renderer loads', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // The render frame's scripts are held back: the preview stays in its loading state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*', async (route) => {
    const request = route.request();
    const fromFrame = request.frame() !== page.mainFrame();
    if (fromFrame && request.resourceType() === 'script') await held;
    await route.continue().catch(() => undefined);
  });
  const editor = new EditorPage(page);
  await editor.open();
  const frame = page.getByTestId(PREVIEW_TESTIDS.frame);
  await expect(frame).toBeVisible();
  await expect(preview(page)).toHaveAttribute('data-seq', '0');
  const [r, g, b] = await colourAt(page, await frame.screenshot());
  // Dark, as the panel around it (the light theme's white would be 255, 255, 255).
  expect(Math.max(r, g, b)).toBeLessThan(80);
  release();
  await expect(preview(page)).not.toHaveAttribute('data-seq', '0', { timeout: 30_000 });
});

test("a shared diagram shows at once, drawn by the server, where the frame's drawing then sits", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.emulateMedia({ colorScheme: 'dark' });
  const [token] = await publishDiagrams('Sharer', [
    { title: 'At once', content: 'sequenceDiagram\n    Alice->>Bob: Hello\n    Bob-->>Alice: Hi' },
  ]);
  // The render frame's scripts are held back: only the server's drawing can show.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.frame() !== page.mainFrame() && request.resourceType() === 'script') await held;
    await route.continue().catch(() => undefined);
  });
  await page.goto(`/d/${token}`);
  const image = page.getByTestId(PREVIEW_TESTIDS.serverDrawing);
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', `/d/${token}.svg?theme=dark`);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(preview(page)).toHaveAttribute('data-seq', '0');
  await expect(page.getByTestId(PREVIEW_TESTIDS.placeholder)).toHaveCount(0);
  const served = (await image.boundingBox())!;
  const toolbar = (await page.getByTestId(PREVIEW_TESTIDS.zoom).boundingBox())!;
  expect(served.y).toBeGreaterThanOrEqual(toolbar.y + toolbar.height);

  // The frame's own drawing replaces it in the same place.
  release();
  await expect(preview(page)).not.toHaveAttribute('data-seq', '0', { timeout: 30_000 });
  await expect(image).toHaveCount(0);
  const frame = (await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox())!;
  const drawn = await previewFrame(page)
    .locator('svg')
    .first()
    .evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return { x: box.x, y: box.y, width: box.width };
    });
  expect(Math.abs(frame.x + drawn.x - served.x)).toBeLessThan(4);
  expect(Math.abs(frame.y + drawn.y - served.y)).toBeLessThan(4);
  expect(Math.abs(drawn.width - served.width)).toBeLessThan(4);
});

/** Pans the drawing down by `px` (Alt+wheel over the frame). */
async function panDown(page: Page, px: number) {
  const area = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
  if (!area) throw new Error('no preview frame');
  await page.mouse.move(area.x + area.width / 2, area.y + area.height / 2);
  await page.keyboard.down('Alt');
  await page.mouse.wheel(0, px);
  await page.keyboard.up('Alt');
}

test.describe('pinned participant headers', () => {
  test('in a 200-message diagram they never cover a label or an arrow, stick to the top, and are gone at Fit', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const editor = new EditorPage(page);
    await editor.open();
    await showText(page, editor, conversation(4, 200));
    await page.getByRole('button', { name: 'Reset view', exact: true }).click();
    await panDown(page, 3000);
    const frame = await renderFrame(page);
    // No participant box drawn in the drawing sits on a message label or arrow.
    const overlaps = await frame.evaluate(() => {
      const svg = document.querySelector('#canvas > svg');
      if (!svg) throw new Error('no drawing');
      const boxes = [...svg.querySelectorAll('rect.actor')].map((box) =>
        box.getBoundingClientRect(),
      );
      const messages = [
        ...svg.querySelectorAll('text.messageText, .messageLine0, .messageLine1'),
      ].map((element) => element.getBoundingClientRect());
      const meet = (a: DOMRect, b: DOMRect) =>
        a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return boxes.filter((box) => messages.some((message) => meet(box, message))).length;
    });
    expect(overlaps).toBe(0);

    // Scrolled down, the headers stick to the top, each above its own lifeline.
    const strip = previewFrame(page).locator('.lifeline-header-strip');
    await expect(strip).toBeVisible();
    const aligned = await frame.evaluate(() => {
      const centre = (rect: DOMRect) => rect.left + rect.width / 2;
      const stripBoxes = [...document.querySelectorAll('.lifeline-header-strip rect.actor')];
      const lifelines = [...document.querySelectorAll('#canvas line.actor-line')];
      return {
        count: stripBoxes.length,
        offsets: stripBoxes.map((box, index) =>
          Math.abs(
            centre(box.getBoundingClientRect()) - centre(lifelines[index]!.getBoundingClientRect()),
          ),
        ),
        top: document.querySelector('.lifeline-header-strip')!.getBoundingClientRect().top,
      };
    });
    expect(aligned.count).toBe(4);
    for (const offset of aligned.offsets) expect(offset).toBeLessThan(1.5);
    expect(aligned.top).toBe(0);

    // The toggle hides them.
    await page.getByTestId(PREVIEW_TESTIDS.pinToggle).click();
    await expect(strip).toBeHidden();
    await page.getByTestId(PREVIEW_TESTIDS.pinToggle).click();
    await expect(strip).toBeVisible();

    // At Fit the real headers are in view: no strip, no grid of tiny boxes.
    await page.getByRole('button', { name: 'Fit to screen', exact: true }).click();
    await expect(strip).toBeHidden();
    await expect(previewFrame(page).locator('#canvas rect.actor')).toHaveCount(8);
  });
});

test.describe('following the cursor', () => {
  const FAR_RIGHT = '    P8->>P9: far to the right';
  const text = conversation(10, 200, ['    P0->>P1: first', FAR_RIGHT]);

  /** The highlighted element's box and the stage's size, in the frame's viewport. */
  async function highlighted(page: Page) {
    const frame = await renderFrame(page);
    return frame.evaluate(() => {
      const box = document.querySelector('.lifeline-highlight-box')?.getBoundingClientRect();
      return {
        box: box ? { left: box.left, right: box.right, top: box.top, bottom: box.bottom } : null,
        width: document.documentElement.clientWidth,
        height: document.documentElement.clientHeight,
        transform: document.getElementById('canvas')?.style.transform ?? '',
      };
    });
  }

  test("the user's own cursor brings its message into view, sideways too, clear of the toolbar, by the smallest move", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const editor = new EditorPage(page);
    await editor.open();
    await showText(page, editor, text);
    await page.getByRole('button', { name: 'Reset view', exact: true }).click();
    await expect(preview(page)).toHaveAttribute('data-zoom', '1');

    // The far-right message (line 13) is off to the right at 100 %.
    await editor.content.locator('.cm-line', { hasText: 'far to the right' }).click();
    const toolbar = await page.getByTestId(PREVIEW_TESTIDS.zoom).boundingBox();
    const frameBox = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
    if (!toolbar || !frameBox) throw new Error('no toolbar');
    await expect
      .poll(async () => {
        const { box, width } = await highlighted(page);
        return box !== null && box.left >= 0 && box.right <= width;
      })
      .toBe(true);
    const { box } = await highlighted(page);
    // Clear of the zoom toolbar over the frame.
    const onPage = { top: box!.top + frameBox.y, right: box!.right + frameBox.x };
    expect(onPage.top >= toolbar.y + toolbar.height || onPage.right <= toolbar.x).toBe(true);

    // A line just below the view: the drawing moves only as far as needed, not to the centre.
    await page.getByRole('button', { name: 'Reset view', exact: true }).click();
    const { height } = await highlighted(page);
    const below = await (
      await renderFrame(page)
    ).evaluate((bottom) => {
      const labels = [...document.querySelectorAll('#canvas text.messageText')];
      const index = labels.findIndex((label) => label.getBoundingClientRect().top > bottom);
      return { index, text: labels[index]?.textContent ?? '' };
    }, height);
    expect(below.index).toBeGreaterThan(0);
    await editor.content.click();
    await page.keyboard.press('ControlOrMeta+Home');
    const lineOfLabel = text.split('\n').findIndex((line) => line.endsWith(`: ${below.text}`));
    for (let line = 0; line < lineOfLabel; line += 1) await page.keyboard.press('ArrowDown');
    await expect
      .poll(async () => {
        const { box: shown } = await highlighted(page);
        return shown !== null && shown.bottom <= height;
      })
      .toBe(true);
    const { box: moved } = await highlighted(page);
    // Brought just inside the bottom edge (the hint's room), not to the middle of the preview.
    expect(moved!.bottom).toBeGreaterThan(height - 120);
  });

  test('text changed by someone else (not this keyboard) never moves the view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const editor = new EditorPage(page);
    await editor.open();
    await showText(page, editor, text);
    await page.getByRole('button', { name: 'Reset view', exact: true }).click();
    await editor.content.locator('.cm-line', { hasText: 'first' }).click();
    const before = (await highlighted(page)).transform;
    // A change that is not this person's typing moves their cursor's line far down.
    const grown = text.replace(
      '    P0->>P1: first',
      `${'    P0->>P1: inserted\n'.repeat(40)}    P0->>P1: first`,
    );
    await showText(page, editor, grown);
    expect((await highlighted(page)).transform).toBe(before);
  });
});

test('the preview themes use the product palette in light and dark', async ({ page }) => {
  const editor = new EditorPage(page);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await editor.open();
    await expect(preview(page)).not.toHaveAttribute('data-seq', '0', { timeout: 30_000 });
    const box = previewFrame(page).locator('#canvas rect.actor-top').first();
    await expect(box).toBeVisible();
    const colours = await box.evaluate((rect) => ({
      fill: getComputedStyle(rect).fill,
      stroke: getComputedStyle(rect).stroke,
    }));
    // Indigo borders (#6366f1 light, #818cf8 dark) on indigo-tinted boxes.
    expect(colours.stroke).toBe(scheme === 'light' ? 'rgb(99, 102, 241)' : 'rgb(129, 140, 248)');
    expect(colours.fill).toBe(scheme === 'light' ? 'rgb(238, 242, 255)' : 'rgb(30, 27, 75)');
  }
});
