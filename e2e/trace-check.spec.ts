/**
 * 'Check against a trace': the Zipkin project's Yelp trace against a hand-drawn diagram of it with
 * one call left out and one message made up. The summary names both, the drawing marks both,
 * an entry goes to its line, a file that is not a trace says so; at 1440 and 390 px, light and
 * dark, axe-clean.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Diagram } from '../src/shared/schemas';
import { NOT_A_TRACE } from '../src/shared/trace/parse';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { TRACE_CHECK_COPY, TRACE_CHECK_TESTIDS } from '../src/client/features/trace-check/copy';
import { TRACE_TESTIDS } from '../src/client/features/trace-import/copy';
import { TRANSFER_TESTIDS } from '../src/client/features/transfer/copy';
import { MOBILE_BREAKPOINT_PX } from '../src/shared/constants';
import { signInLocally, uniqueLogin } from './support/signIn';

const YELP = readFileSync(new URL('../test/fixtures/traces/zipkin-yelp.json', import.meta.url));

/** The Yelp trace's calls as a person might have drawn them: mobile_api → blt left out, Fraud made up. */
const DIAGRAM = [
  'sequenceDiagram',
  '    %% service Proxy = yelp_main/api_proxy',
  '    actor Phone',
  '    participant routing',
  '    participant unknown',
  '    participant Proxy as API proxy',
  '    participant Main as yelp-main',
  '    participant mobile_api',
  '    participant memcache',
  '    participant mysql',
  '    Phone->>routing: POST /location/update/v4',
  '    routing->>unknown: post',
  '    unknown->>Proxy: post api proxy',
  '    Proxy->>Main: get my_cache_name_v2',
  '    Main->>memcache: get my_cache_name_v2',
  '    Main->>mysql: begin',
  '    routing->>Main: post',
  '    Main->>mobile_api: post /location/update/v4',
  '    mobile_api->>memcache: get_multi mobile_api_nonce',
  '    mobile_api->>spectre: get',
  '    mobile_api->>Fraud: score location',
].join('\n');
const MADE_UP_LINE = 21;
/** The same diagram brought up to date: the call to blt drawn, the made-up one gone. */
const MATCHING = DIAGRAM.replace('mobile_api->>Fraud: score location', 'mobile_api->>blt: post');

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The dialog's serious and critical violations (the page behind it is a11y.spec.ts's). */
async function expectAxeClean(page: Page, screen: string): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .include(`[data-testid="${TRACE_CHECK_TESTIDS.dialog}"]`)
    .analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, screen).toEqual([]);
}

async function openCheckedDiagram(page: Page, content = DIAGRAM): Promise<Diagram> {
  await signInLocally(page, `${uniqueLogin('check')}@example.test`, 'Check Tester');
  const created = await page.request.post('/api/diagrams', {
    data: { title: 'Location update', content },
  });
  expect(created.status()).toBe(201);
  const diagram = (await created.json()) as Diagram;
  await page.goto(`/?diagramId=${diagram.id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  return diagram;
}

const narrow = (page: Page) => (page.viewportSize()?.width ?? 0) < MOBILE_BREAKPOINT_PX;

async function openCheck(page: Page) {
  // Phones show the sidebar's list (and its menu) on the List tab.
  if (narrow(page)) await page.getByRole('tab', { name: 'List' }).click();
  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  await page.getByTestId(TRACE_CHECK_TESTIDS.entry).click();
  const dialog = page.getByTestId(TRACE_CHECK_TESTIDS.dialog);
  await expect(dialog).toBeVisible();
  return dialog;
}

/**
 * Chooses a trace file; answers the marked drawing's SVG as the server sent it to the dialog, in
 * the one answer that holds the check and the drawing (the file is posted once).
 */
async function chooseTrace(page: Page, name = 'yelp.json', buffer: Buffer = YELP): Promise<string> {
  let resolve: (svg: string) => void = () => undefined;
  const drawn = new Promise<string>((done) => (resolve = done));
  let posts = 0;
  await page.route('**/check-trace*', async (route) => {
    posts += 1;
    expect(route.request().url()).toContain('format=both');
    expect(posts, 'the file is posted once').toBe(1);
    const response = await route.fetch();
    expect(response.status()).toBe(200);
    resolve(((await response.json()) as { svg: string }).svg);
    await route.fulfill({ response });
  });
  await page
    .getByTestId(TRACE_CHECK_TESTIDS.fileInput)
    .setInputFiles({ name, mimeType: 'application/json', buffer });
  return drawn;
}

/** The dialog shows the drawing, loaded. */
async function expectDrawingShown(page: Page): Promise<void> {
  const image = page.getByTestId(TRACE_CHECK_TESTIDS.drawing);
  await expect(image).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('names the call the diagram lacks and the made-up message, draws both marked, and goes to the line', async ({
    page,
  }) => {
    await openCheckedDiagram(page);
    const dialog = await openCheck(page);
    const drawn = await chooseTrace(page);

    await expect(page.getByTestId(TRACE_CHECK_TESTIDS.status)).toHaveText(
      `${TRACE_CHECK_COPY.drifted} ${TRACE_CHECK_COPY.summary(1, 1)}`,
      { timeout: 30_000 },
    );
    await expect(
      page.getByTestId(TRACE_CHECK_TESTIDS.onlyInTrace).getByRole('listitem'),
    ).toHaveText(['mobile_api → blt: post (1×)']);
    await expect(
      page.getByTestId(TRACE_CHECK_TESTIDS.onlyInDiagram).getByRole('listitem'),
    ).toHaveText([`line ${MADE_UP_LINE}: mobile_api → Fraud: score location`]);
    await expect(page.getByTestId(TRACE_CHECK_TESTIDS.labels)).toContainText(
      'line 13: unknown → Proxy: “post api proxy”',
    );

    const svg = drawn;
    expect(svg).toMatch(/class="[^"]*lifeline-diff-added/);
    expect(svg).toMatch(/class="[^"]*lifeline-diff-changed/);
    expect(svg).toContain('blt');
    await expectDrawingShown(page);
    await expectAxeClean(page, 'trace check, light');
    await page
      .getByTestId(TRACE_CHECK_TESTIDS.onlyInDiagram)
      .getByRole('button', { name: /mobile_api → Fraud/ })
      .click();
    await expect(dialog).toBeHidden();
    // The editor has the focus, its cursor on the made-up message.
    await expect(page.locator('.cm-content')).toBeFocused();
    await expect(page.locator('.cm-activeLine')).toHaveText(
      '    mobile_api->>Fraud: score location',
    );
  });

  test('says the diagram matches when it draws every traced call and nothing else', async ({
    page,
  }) => {
    await openCheckedDiagram(page, MATCHING);
    await openCheck(page);
    const svg = await chooseTrace(page);
    await expect(page.getByTestId(TRACE_CHECK_TESTIDS.status)).toHaveText(
      TRACE_CHECK_COPY.matches,
      { timeout: 30_000 },
    );
    for (const section of [TRACE_CHECK_TESTIDS.onlyInTrace, TRACE_CHECK_TESTIDS.onlyInDiagram]) {
      await expect(page.getByTestId(section).getByRole('listitem')).toHaveCount(0);
      await expect(page.getByTestId(section)).toContainText(TRACE_CHECK_COPY.none);
    }
    // Nothing drawn is marked (the marks' style sheet is always there).
    expect(svg).not.toMatch(/class="[^"]*lifeline-diff-/);
    await expectDrawingShown(page);
  });

  test('a trace dropped on the dialog is checked there, not imported', async ({ page }) => {
    await openCheckedDiagram(page);
    await openCheck(page);
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'yelp.json', { type: 'application/json' }));
      return transfer;
    }, YELP.toString('utf8'));
    await page.getByTestId(TRACE_CHECK_TESTIDS.dropZone).dispatchEvent('drop', { dataTransfer });
    await expect(
      page.getByTestId(TRACE_CHECK_TESTIDS.onlyInDiagram).getByRole('listitem'),
    ).toHaveText([`line ${MADE_UP_LINE}: mobile_api → Fraud: score location`], { timeout: 30_000 });
    await expect(page.getByTestId(TRACE_TESTIDS.dialog)).toHaveCount(0);
  });

  test('a file that is not a trace is named as such; Escape closes and the menu has the focus back', async ({
    page,
  }) => {
    await openCheckedDiagram(page);
    const dialog = await openCheck(page);
    await page.getByTestId(TRACE_CHECK_TESTIDS.fileInput).setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello": 1}'),
    });
    await expect(page.getByTestId(TRACE_CHECK_TESTIDS.error)).toHaveText(NOT_A_TRACE, {
      timeout: 30_000,
    });
    await expect(page.getByTestId(TRACE_CHECK_TESTIDS.status)).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(TRANSFER_TESTIDS.menu)).toBeFocused();
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`at 390 px in ${scheme} mode the check reads and is axe-clean`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 390, height: 844 });
    await openCheckedDiagram(page);
    await openCheck(page);
    const svg = await chooseTrace(page);
    await expect(
      page.getByTestId(TRACE_CHECK_TESTIDS.onlyInDiagram).getByRole('listitem'),
    ).toHaveText([`line ${MADE_UP_LINE}: mobile_api → Fraud: score location`], { timeout: 30_000 });
    expect(svg).toContain('lifeline-diff-added');
    await expectDrawingShown(page);
    // No part of the dialog is wider than the phone.
    const overflow = await page
      .getByTestId(TRACE_CHECK_TESTIDS.dialog)
      .evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `trace check at 390 px, ${scheme}`);
    if (process.env.TRACE_CHECK_SCREENSHOT_DIR) {
      await page.screenshot({
        path: `${process.env.TRACE_CHECK_SCREENSHOT_DIR}/trace-check-390-${scheme}.png`,
        fullPage: true,
      });
    }
    // A phone shows the text to go to its line: the Code tab, the cursor on the made-up message.
    await page
      .getByTestId(TRACE_CHECK_TESTIDS.onlyInDiagram)
      .getByRole('button', { name: /mobile_api → Fraud/ })
      .click();
    await expect(page.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.cm-content')).toBeFocused();
    await expect(page.locator('.cm-activeLine')).toHaveText(
      '    mobile_api->>Fraud: score location',
    );
  });
}

test('at 1440 px in dark mode the check is axe-clean', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openCheckedDiagram(page);
  await openCheck(page);
  const svg = await chooseTrace(page);
  expect(svg).toContain('lifeline-diff-changed');
  await expectDrawingShown(page);
  await expectAxeClean(page, 'trace check at 1440 px, dark');
  if (process.env.TRACE_CHECK_SCREENSHOT_DIR) {
    await page.screenshot({
      path: `${process.env.TRACE_CHECK_SCREENSHOT_DIR}/trace-check-1440-dark.png`,
    });
  }
});
