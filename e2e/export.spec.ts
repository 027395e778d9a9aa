import { expect, test, type Page } from '@playwright/test';
import { readFixture } from '../test/fixtures/diagrams';
import { PNG } from 'pngjs';
import { EXPORT_TEXT } from '../src/shared/messages';
import { DIAGRAM_TEXT_MAX } from '../src/shared/constants';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { ERROR_AFTER_PAUSE_MS } from '../src/client/features/preview/errorPause';
import { SLOW_RENDER_MS } from '../src/client/features/preview/staleRender';
import { EditorPage } from './support/editorPage';
import { exportAs } from './support/exportAs';
import { toastLocator } from './support/toasts';
import { pdfPageCount, pdfTitle } from '../test/support/render-support';

const FLOW = readFixture('flow.mmd');
const TITLE = 'My: Diagram/#1';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function showDiagram(page: Page, text: string) {
  const editor = new EditorPage(page);
  await editor.open();
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  await editor.title.fill(TITLE);
  await editor.setText(text);
  const preview = page.getByTestId(PREVIEW_TESTIDS.root);
  await expect(preview).toHaveAttribute('data-shown-length', String(text.length));
  await expect(preview).toHaveAttribute('data-status', 'ok');
}

/**
 * Keys are drawn one by one only while drawings are quick (over SLOW_RENDER_MS, the editor waits
 * for a pause in typing): a cold frame's first drawings can be slower on a busy machine, so the
 * text is drawn again until a drawing is quick.
 */
async function drawQuickly(page: Page, editor: EditorPage, text: string) {
  const preview = page.getByTestId(PREVIEW_TESTIDS.root);
  const status = page.getByTestId(PREVIEW_TESTIDS.status);
  for (let round = 0; round < 20; round++) {
    const ms = /rendered in (\d+) ms/.exec((await status.textContent()) ?? '')?.[1];
    // Even rounds start from `text` itself, and end there.
    if (round % 2 === 0 && ms !== undefined && Number(ms) < SLOW_RENDER_MS) return;
    const next = round % 2 === 0 ? `${text} ` : text;
    await editor.setText(next);
    await expect(preview).toHaveAttribute('data-shown-length', String(next.length));
  }
  throw new Error('no drawing was quick');
}

/** Where the exported SVG puts each node label (in SVG pixels), measured in a blank page. */
async function labelBoxes(page: Page, svg: string): Promise<{ size: Box; labels: Box[] }> {
  const blank = await page.context().newPage();
  await blank.setContent(svg.replace(/^<\?xml[^>]*>/, ''));
  const result = await blank.evaluate(() => {
    const root = document.querySelector('svg');
    if (!root) throw new Error('no svg');
    const origin = root.getBoundingClientRect();
    const labels = [...root.querySelectorAll('.node foreignObject')].map((node) => {
      const rect = node.getBoundingClientRect();
      return { x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height };
    });
    return { size: { x: 0, y: 0, width: origin.width, height: origin.height }, labels };
  });
  await blank.close();
  return result;
}

function darkPixels(png: PNG, box: Box, scale: number): number {
  let count = 0;
  for (let y = Math.floor(box.y * scale); y < Math.ceil((box.y + box.height) * scale); y++) {
    for (let x = Math.floor(box.x * scale); x < Math.ceil((box.x + box.width) * scale); x++) {
      const i = (y * png.width + x) * 4;
      const [r = 255, g = 255, b = 255] = [png.data[i], png.data[i + 1], png.data[i + 2]];
      if (r + g + b < 3 * 110) count++;
    }
  }
  return count;
}

test('exports the preview as an SVG file under the sanitised title', async ({ page }) => {
  await showDiagram(page, FLOW);
  const { name, bytes } = await exportAs(page, 'SVG');
  expect(name).toBe('My Diagram1.svg');
  const svg = bytes.toString('utf8');
  expect(svg).toMatch(/^<\?xml/);
  expect(svg).toContain('http://www.w3.org/2000/svg');
  expect(svg).toContain('Is it working?');
});

test('exports a one-page PDF titled with the diagram, and the phone menu offers the same items', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await showDiagram(page, FLOW);
  const { name, bytes } = await exportAs(page, 'PDF');
  expect(name).toBe('My Diagram1.pdf');
  expect(pdfPageCount(bytes)).toBe(1);
  // The diagram's title, not the render page's address.
  expect(pdfTitle(bytes)).toBe(TITLE);

  await page.getByTestId(EXPORT_TESTIDS.button).click();
  const desktop = await page
    .getByTestId(EXPORT_TESTIDS.menu)
    .locator('[data-export-item]')
    .allTextContents();
  expect(desktop).toEqual(
    expect.arrayContaining(['SVG', 'PNG', 'PDF', EXPORT_TEXT.copyAs('ASCII')]),
  );
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('phone-menu').click();
  const phone = await page
    .getByTestId('phone-menu-content')
    .locator('[data-export-item]')
    .allTextContents();
  expect(phone).toEqual(desktop);
});

test('exports a 2x PNG whose labels are drawn', async ({ page }) => {
  await showDiagram(page, FLOW);
  const svg = (await exportAs(page, 'SVG')).bytes.toString('utf8');
  const { name, bytes } = await exportAs(page, 'PNG');
  expect(name).toBe('My Diagram1.png');
  const png = PNG.sync.read(bytes);
  const { size, labels } = await labelBoxes(page, svg);
  expect(png.width).toBe(Math.round(size.width * 2));
  expect(labels).toHaveLength(5); // Start, the decision, Ship it, Debug, Done
  // Flowchart labels are HTML in <foreignObject>; a naive export leaves these boxes empty
  // (only the node's light fill), so each must hold dark text pixels.
  for (const label of labels) expect(darkPixels(png, label, 2)).toBeGreaterThan(20);
  // Solid light background in the corner.
  expect([...png.data.subarray(0, 3)]).toEqual([255, 255, 255]);
});

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('the PNG background matches the theme', async ({ page }) => {
    await showDiagram(page, FLOW);
    const png = PNG.sync.read((await exportAs(page, 'PNG')).bytes);
    expect([...png.data.subarray(0, 4)]).toEqual([0x11, 0x18, 0x27, 255]);
  });
});

test('without a drawing, export reports that no SVG was found', async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.open();
  await editor.setText('x'.repeat(DIAGRAM_TEXT_MAX + 1));
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'too-large');
  await page.getByTestId(EXPORT_TESTIDS.button).click();
  await page.getByRole('menuitem', { name: 'PNG' }).click();
  const toast = toastLocator(page);
  await expect(toast).toContainText(EXPORT_TEXT.failed);
  await expect(toast).toContainText(EXPORT_TEXT.noSvg);
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
});

/**
 * The frame sends markup 400 ms after drawing goes quiet; a key that reaches the page this long
 * after the one before may have let it (the request for its drawing travels to the frame too).
 */
const KEY_GAP_THAT_MAY_PAUSE_MS = 200;

test('typing sends no markup until a pause, and Export right after a key saves that key', async ({
  page,
}) => {
  // Every drawing's markup, sanitized and sent on each key, took the CPU the editor needed to
  // show the keys; the frame now sends it once drawing pauses, or when Export asks.
  await page.addInitScript(`
    if (window.top === window) {
      window.__frameMessages = { results: 0, markups: 0, keys: [] };
      window.addEventListener('keydown', () => window.__frameMessages.keys.push(performance.now()), true);
      window.addEventListener('message', (event) => {
        const type = event.data && event.data.type;
        if (type === 'lifeline:result') window.__frameMessages.results += 1;
        if (type === 'lifeline:markup') window.__frameMessages.markups += 1;
      });
    }
  `);
  const counts = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __frameMessages: { results: number; markups: number; keys: number[] };
          }
        ).__frameMessages,
    );
  const text = 'sequenceDiagram\n    Alice->>Bob: Hi';
  await showDiagram(page, text);
  const editor = new EditorPage(page);
  await drawQuickly(page, editor, text);
  await expect.poll(async () => (await counts()).markups, { timeout: 10_000 }).toBeGreaterThan(0);
  const before = await counts();
  await editor.focusEnd();
  // Keys 40 ms apart: each is drawn, and drawing never pauses for the 400 ms that sends markup.
  await page.keyboard.type(' there, Bob', { delay: 40 });
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute(
    'data-shown-length',
    String('sequenceDiagram\n    Alice->>Bob: Hi there, Bob'.length),
  );
  const typed = await counts();
  expect(typed.results - before.results).toBeGreaterThanOrEqual(3);
  // One markup once the typing stops, and one more for each key that came late enough (a busy
  // machine) for the drawing to pause in between: the pace of typing is the machine's, so the
  // test counts the pauses it actually had rather than assuming none.
  // The last keys are the typed ones (focusing the end of the text presses keys of its own).
  const keys = typed.keys.slice(-' there, Bob'.length);
  const pauses = keys.slice(1).filter((at, i) => at - keys[i]! >= KEY_GAP_THAT_MAY_PAUSE_MS);
  expect(typed.markups - before.markups).toBeLessThanOrEqual(1 + pauses.length);
  // Export asks for the drawing on screen at once, without waiting for the pause.
  const { bytes } = await exportAs(page, 'SVG');
  expect(bytes.toString('utf8')).toContain('Hi there, Bob');
});

test('while the text has an error, Export saves the last good drawing, mid-edit and after the pause', async ({
  page,
}) => {
  test.slow();
  await page.clock.install();
  await showDiagram(page, 'sequenceDiagram\n    Alice->>Bob: Last good');
  const editor = new EditorPage(page);
  const frame = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
  await editor.focusEnd();
  // Half a line: the last good drawing stays on screen, dimmed, and Export saves that one.
  await page.keyboard.insertText('\n    User');
  await expect(frame.locator('#stage[data-stale]')).toHaveCount(1);
  const midEdit = (await exportAs(page, 'SVG')).bytes.toString('utf8');
  expect(midEdit).toContain('Last good');
  expect(midEdit).not.toContain('aria-roledescription="error"');
  // Past the pause the error graphic shows; the file worth saving is still the last drawing.
  await page.clock.runFor(ERROR_AFTER_PAUSE_MS + 100);
  await expect(frame.locator('svg[aria-roledescription="error"]')).toHaveCount(1);
  await page.keyboard.insertText('Agent');
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute(
    'data-shown-length',
    String('sequenceDiagram\n    Alice->>Bob: Last good\n    UserAgent'.length),
  );
  const afterPause = (await exportAs(page, 'SVG')).bytes.toString('utf8');
  expect(afterPause).toContain('Last good');
  expect(afterPause).not.toContain('aria-roledescription="error"');
});
