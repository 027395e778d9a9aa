/**
 * History's 'What changed': two versions compared, the summary line, the drawing with the changes
 * marked beside the text diff, at 1440 and 390 px in light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import type { VersionSummary } from '../src/shared/versions';
import { ZOOM_COPY } from '../src/client/components/ZoomSteps';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { PHONE_MENU_COPY } from '../src/client/features/editor/PhoneMenu';
import { MOBILE_BREAKPOINT_PX, OPEN_ZOOM_FLOOR } from '../src/shared/constants';
import { HISTORY_COPY, HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { signInLocally, uniqueLogin } from './support/signIn';
import { CART_V1, CART_V1_TO_V2, CART_V2, CART_V3 } from '../test/fixtures/versions';

/** Six participants in a row: a drawing wider than the compare pane. */
const WIDE_V1 = [
  'sequenceDiagram',
  ...['Web', 'Api', 'Auth', 'Cart', 'Stock', 'Mail'].map((name) => `    participant ${name}`),
  '    Web->>Api: GET /cart',
  '    Api->>Auth: check',
  '    Auth->>Cart: load',
  '    Cart->>Stock: reserve',
  '    Stock->>Mail: notify',
].join('\n');

/** A diagram with three versions, opened in the editor. */
async function diagramWithVersions(page: Page): Promise<{ diagram: Diagram; ids: number[] }> {
  await signInLocally(page, `${uniqueLogin('compare')}@example.test`, 'Compare Tester');
  const created = await page.request.post('/api/diagrams', {
    data: { title: 'Cart', content: CART_V1 },
  });
  const diagram = (await created.json()) as Diagram;
  for (const content of [CART_V2, CART_V3]) {
    const saved = await page.request.put(`/api/diagrams/${diagram.id}`, { data: { content } });
    expect(saved.status()).toBe(200);
  }
  const versions = (await (
    await page.request.get(`/api/diagrams/${diagram.id}/versions`)
  ).json()) as VersionSummary[];
  expect(versions).toHaveLength(3);
  await openDiagram(page, diagram.id);
  return { diagram, ids: versions.map((v) => v.id) };
}

async function openDiagram(page: Page, id: number): Promise<void> {
  await page.goto(`/?diagramId=${id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
}

async function openCompare(page: Page) {
  if ((page.viewportSize()?.width ?? 0) < MOBILE_BREAKPOINT_PX) {
    // Phones keep History in the header's menu.
    await page.getByTestId('phone-menu').click();
    await page.getByRole('menuitem', { name: PHONE_MENU_COPY.history }).click();
  } else {
    await page.getByTestId(HISTORY_TESTIDS.button).click();
  }
  const dialog = page.getByTestId(HISTORY_TESTIDS.dialog);
  await expect(dialog.getByTestId(HISTORY_TESTIDS.version)).toHaveCount(3);
  await dialog.getByTestId(HISTORY_TESTIDS.showCompare).click();
  return dialog;
}

/** The marked drawing has loaded as an image, drawn at a real size. */
async function expectDrawn(page: Page) {
  const image = page.getByTestId(HISTORY_TESTIDS.compareDrawing);
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(100);
  return image;
}

test.describe('History: what changed', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('compares a version with the one before it and with any other, drawing the changes', async ({
    page,
  }) => {
    test.slow();
    const { ids } = await diagramWithVersions(page);
    const dialog = await openCompare(page);
    const summary = dialog.getByTestId(HISTORY_TESTIDS.compareSummary);
    // The newest version against the one saved before it.
    await expect(summary).toHaveText('1 note added');
    await expectDrawn(page);

    // Against the first version, chosen by hand.
    await dialog.getByTestId(HISTORY_TESTIDS.compareWith).selectOption(String(ids[2]));
    await expect(summary).toHaveText(
      '1 message added, 1 removed, 1 label changed, 1 participant added, 1 note added',
    );
    const image = await expectDrawn(page);
    await expect(image).toHaveAttribute('alt', new RegExp(HISTORY_COPY.compareDrawingAlt('')));

    // The drawing the page shows carries the marks on the right elements.
    const svg = await (await page.request.get((await image.getAttribute('src')) ?? '')).text();
    expect(svg).toMatch(/class="[^"]*lifeline-diff-removed[^"]*"[^>]*>audit ping</);
    expect(svg).toMatch(/class="[^"]*lifeline-diff-added[^"]*"[^>]*>SELECT cart</);
    expect(svg).toMatch(/class="[^"]*lifeline-diff-changed[^"]*"[^>]*>200 OK</);

    // The text diff beside it.
    const lines = dialog.getByRole('list', { name: HISTORY_COPY.compareDiffLabel });
    await expect(lines.getByTestId(HISTORY_TESTIDS.diffRemoved)).toHaveText([
      `${HISTORY_COPY.compareLegendFrom}:    Api-->>Web: 200 cart`,
      `${HISTORY_COPY.compareLegendFrom}:    Web->>Api: audit ping`,
    ]);
    await expect(lines.getByTestId(HISTORY_TESTIDS.diffAdded)).toContainText([
      `${HISTORY_COPY.compareLegendTo}:    participant Db`,
    ]);

    // The oldest version is compared with the one after it, from old to new.
    await dialog.getByTestId(HISTORY_TESTIDS.version).last().click();
    await expect(summary).toHaveText(CART_V1_TO_V2);
  });

  test('compares from the older version to the newer, whichever is chosen first', async ({
    page,
  }) => {
    test.slow();
    const { ids } = await diagramWithVersions(page);
    const dialog = await openCompare(page);
    const summary = dialog.getByTestId(HISTORY_TESTIDS.compareSummary);
    await expect(summary).toHaveText('1 note added');
    // The oldest version first, then the newest to compare with: still old → new, so the note
    // the newest version added reads as added, not removed.
    await dialog.getByTestId(HISTORY_TESTIDS.version).last().click();
    await dialog.getByTestId(HISTORY_TESTIDS.compareWith).selectOption(String(ids[0]));
    await expect(summary).toHaveText(
      '1 message added, 1 removed, 1 label changed, 1 participant added, 1 note added',
    );
    const lines = dialog.getByRole('list', { name: HISTORY_COPY.compareDiffLabel });
    await expect(lines.getByTestId(HISTORY_TESTIDS.diffAdded)).toContainText([
      `${HISTORY_COPY.compareLegendTo}:    Note over Db: indexed`,
    ]);
    const image = await expectDrawn(page);
    expect(await image.getAttribute('src')).toContain(`from=${ids[2]}&to=${ids[0]}`);
  });

  test('shows the drawing at a readable size, zooms it, and wraps long lines of the diff', async ({
    page,
  }) => {
    test.slow();
    await signInLocally(page, `${uniqueLogin('compare')}@example.test`, 'Compare Tester');
    const long = `    Web->>Api: ${'a long message label that goes on and on '.repeat(4).trim()}`;
    const created = await page.request.post('/api/diagrams', {
      data: { title: 'Wide', content: WIDE_V1 },
    });
    const diagram = (await created.json()) as Diagram;
    const saved = await page.request.put(`/api/diagrams/${diagram.id}`, {
      data: { content: `${WIDE_V1}\n${long}` },
    });
    expect(saved.status()).toBe(200);
    await openDiagram(page, diagram.id);
    await page.getByTestId(HISTORY_TESTIDS.button).click();
    const dialog = page.getByTestId(HISTORY_TESTIDS.dialog);
    await dialog.getByTestId(HISTORY_TESTIDS.showCompare).click();
    const image = await expectDrawn(page);
    // A wide drawing opens no smaller than the preview's readable floor (it scrolls).
    const natural = await image.evaluate((img: HTMLImageElement) => img.naturalWidth);
    await expect
      .poll(async () => (await image.boundingBox())?.width ?? 0)
      .toBeGreaterThanOrEqual(natural * OPEN_ZOOM_FLOOR - 1);
    const level = dialog.getByTestId(HISTORY_TESTIDS.compareZoomLevel);
    await expect(level).toHaveText(`${Math.round(OPEN_ZOOM_FLOOR * 100)}%`);
    // Zoom in by the preview's step.
    await dialog.getByRole('button', { name: ZOOM_COPY.zoomIn }).click();
    await expect(level).toHaveText(`${Math.round((OPEN_ZOOM_FLOOR + 0.1) * 100)}%`);
    await expect
      .poll(async () => (await image.boundingBox())?.width ?? 0)
      .toBeGreaterThanOrEqual(natural * (OPEN_ZOOM_FLOOR + 0.1) - 1);
    // The long line wraps inside its pane: nothing of it is cut off.
    const lines = dialog.getByRole('list', { name: HISTORY_COPY.compareDiffLabel });
    const added = lines.getByTestId(HISTORY_TESTIDS.diffAdded);
    await expect(added).toContainText('goes on and on');
    const fits = await lines.evaluate((list) => {
      const rows = [...list.querySelectorAll('li')];
      return {
        list: list.scrollWidth <= list.clientWidth,
        rows: rows.every((row) => row.scrollWidth <= row.clientWidth),
      };
    });
    expect(fits).toEqual({ list: true, rows: true });
  });

  for (const width of [1440, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`reads at ${width} px in ${scheme}`, async ({ page }) => {
        test.slow();
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await page.emulateMedia({ colorScheme: scheme });
        await diagramWithVersions(page);
        const dialog = await openCompare(page);
        await expect(dialog.getByTestId(HISTORY_TESTIDS.compareSummary)).toHaveText('1 note added');
        const image = await expectDrawn(page);
        expect(await image.getAttribute('src')).toContain(`theme=${scheme}`);
        await page.screenshot({
          path: test.info().outputPath(`history-compare-${width}-${scheme}.png`),
        });
        // Nothing wider than the screen, and the drawing and the text diff both in reach.
        const overflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        const lines = dialog.getByRole('list', { name: HISTORY_COPY.compareDiffLabel });
        await lines.scrollIntoViewIfNeeded();
        await expect(lines).toBeInViewport();
        const axe = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .exclude('iframe')
          .analyze();
        expect(
          axe.violations
            .filter((v) => v.impact === 'serious' || v.impact === 'critical')
            .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      });
    }
  }
});

test.describe('Changes since your last visit', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("offers what a collaborator changed since the user's last visit, once", async ({
    browser,
  }) => {
    test.slow();
    const owner = await (await browser.newContext()).newPage();
    const editor = await (await browser.newContext()).newPage();
    const editorEmail = `${uniqueLogin('visit-editor')}@example.test`;
    await signInLocally(owner, `${uniqueLogin('visit-owner')}@example.test`, 'Owner');
    await signInLocally(editor, editorEmail, 'Editor');
    const diagram = (await (
      await owner.request.post('/api/diagrams', { data: { title: 'Cart', content: CART_V1 } })
    ).json()) as Diagram;
    const shared = await owner.request.post(`/api/diagrams/${diagram.id}/collaborators`, {
      data: { email: editorEmail, role: 'editor' },
    });
    expect(shared.status()).toBe(201);

    const open = () => openDiagram(editor, diagram.id);
    // The first visit: nothing to offer, the newest version is remembered.
    await open();
    const banner = editor.getByTestId(HISTORY_TESTIDS.sinceVisitBanner);
    await expect
      .poll(() =>
        editor.evaluate(() =>
          Object.keys(window.localStorage).some((key) => key.startsWith('lifeline-last-seen-')),
        ),
      )
      .toBe(true);
    await expect(banner).toHaveCount(0);
    // The editor leaves.
    await editor.goto('about:blank');

    // The owner saves a new version; the editor's next visit offers it.
    const saved = await owner.request.put(`/api/diagrams/${diagram.id}`, {
      data: { content: CART_V2 },
    });
    expect(saved.status()).toBe(200);
    // On a phone, in dark: the banner is the same, the dialog too.
    await editor.setViewportSize({ width: 390, height: 844 });
    await editor.emulateMedia({ colorScheme: 'dark' });
    await open();
    await expect(banner).toBeVisible();
    await editor.screenshot({ path: test.info().outputPath('since-visit-390-dark.png') });
    await banner.getByTestId(HISTORY_TESTIDS.sinceVisit).click();
    const dialog = editor.getByTestId(HISTORY_TESTIDS.dialog);
    await expect(dialog.getByTestId(HISTORY_TESTIDS.compareSummary)).toHaveText(CART_V1_TO_V2);
    await expectDrawn(editor);
    await expect(banner).toHaveCount(0);

    // Seen now: the next visit offers nothing.
    await open();
    await expect(editor.getByTestId(HISTORY_TESTIDS.dialog)).toHaveCount(0);
    await expect(banner).toHaveCount(0);
  });
});
