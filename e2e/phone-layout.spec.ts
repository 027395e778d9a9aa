/** A phone's editor (item 11): one panel at a time by tabs, 44 px targets, a labelled menu. */
import { expect, test, type Locator } from '@playwright/test';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { signInLocally, uniqueLogin } from './support/signIn';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function expectTapTarget(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.width, String(await target.getAttribute('aria-label'))).toBeGreaterThanOrEqual(44);
  expect(box.height, String(await target.getAttribute('aria-label'))).toBeGreaterThanOrEqual(44);
}

test('Code and Diagram tabs show one panel at a time, full width', async ({ page }) => {
  await page.goto('/try');
  const code = page.getByRole('tab', { name: 'Code' });
  const diagram = page.getByRole('tab', { name: 'Diagram' });
  await expect(code).toHaveAttribute('aria-selected', 'true');
  await expectTapTarget(code);
  await expectTapTarget(diagram);
  const editorPanel = page.getByTestId(EDITOR_TESTIDS.editorPanel);
  const previewPanel = page.getByTestId(EDITOR_TESTIDS.previewPanel);
  await expect(editorPanel).toBeVisible();
  await expect(previewPanel).toBeHidden();
  expect((await editorPanel.boundingBox())!.height).toBeGreaterThan(500);

  await diagram.click();
  await expect(previewPanel).toBeVisible();
  await expect(editorPanel).toBeHidden();
  expect((await previewPanel.boundingBox())!.width).toBe(390);
  // The text survives the switch.
  await code.click();
  await expect(editorPanel.locator('.cm-content')).toContainText('sequenceDiagram');
});

test('the header has 44 px targets and a menu of labelled actions', async ({ page }) => {
  await page.goto('/try');
  await expect(page.getByTestId(EDITOR_TESTIDS.codeEditor)).toBeVisible();
  const header = page.getByTestId(EDITOR_TESTIDS.header);
  await expectTapTarget(header.getByTestId(EDITOR_TESTIDS.save));
  await expectTapTarget(header.getByTestId(EDITOR_TESTIDS.signIn));
  const more = header.getByRole('button', { name: 'More actions' });
  await expectTapTarget(more);
  expect(
    await header.evaluate((element) => element.scrollWidth - element.clientWidth),
  ).toBeLessThanOrEqual(0);
  await more.click();
  const menu = page.getByRole('menu');
  for (const name of [
    'Share',
    'New',
    'SVG',
    'PNG',
    'PDF',
    'Copy as text',
    'Copy as ASCII',
    'Copy description',
    'Light',
    'Dark',
    'System',
  ]) {
    const item = menu.getByRole(/Light|Dark|System/.test(name) ? 'menuitemradio' : 'menuitem', {
      name,
      exact: true,
    });
    await expect(item).toBeVisible();
    expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await menu.getByRole('menuitem', { name: 'Share' }).click();
  await expect(page.getByTestId(EDITOR_TESTIDS.shareDialog)).toBeVisible();
});

test('signed in, the list is a tab and auto-save is a labelled switch in the menu', async ({
  page,
}) => {
  await signInLocally(page, `${uniqueLogin('phone')}@example.test`);
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  await page.getByRole('tab', { name: 'List' }).click();
  await expect(page.getByRole('heading', { name: 'Your Diagrams' })).toBeVisible();
  await page.getByRole('button', { name: 'More actions' }).click();
  const autoSave = page.getByRole('menuitemcheckbox', { name: 'Auto-save' });
  await expect(autoSave).toHaveAttribute('aria-checked', 'true');
  await autoSave.click();
  await expect(autoSave).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate(() => localStorage.getItem('autoSaveEnabled'))).toBe('false');
});

test('the drawing hint speaks of touch and is never cut off', async ({ page }) => {
  await page.goto('/try');
  await page.getByRole('tab', { name: 'Diagram' }).click();
  const hint = page.getByTestId('preview-hint');
  await expect(hint).toHaveText(/Tap to find in the text · Drag to pan · Pinch to zoom/);
  await expect(hint).not.toContainText('Wheel');
  expect(await hint.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
});

test('a line typed on the Code tab is highlighted on its own elements on the Diagram tab', async ({
  page,
}) => {
  await page.goto('/try');
  const content = page.getByTestId(EDITOR_TESTIDS.editorPanel).locator('.cm-content');
  await expect(content).toContainText('sequenceDiagram');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('\n    System->>Database: Query');
  // Drawn while the Diagram tab is hidden: the frame gets no animation frames there.
  const preview = page.getByTestId(PREVIEW_TESTIDS.root);
  await expect
    .poll(async () => {
      const [seq, latest] = await Promise.all([
        preview.getAttribute('data-seq'),
        preview.getAttribute('data-latest-seq'),
      ]);
      return seq !== '0' && seq === latest;
    })
    .toBe(true);
  await page.getByRole('tab', { name: 'Diagram' }).click();
  const frame = await (await page
    .getByTestId(PREVIEW_TESTIDS.frame)
    .elementHandle())!.contentFrame();
  // The box lies around the line's message (and the participant it brings in), a few pixels out.
  await expect
    .poll(() =>
      frame!.evaluate(() => {
        const box = document.querySelector('.lifeline-highlight-box')?.getBoundingClientRect();
        const marked = [...document.querySelectorAll('.lifeline-highlight')].map((element) =>
          element.getBoundingClientRect(),
        );
        if (!box || marked.length === 0 || !marked.some((b) => b.width > 0)) return 'not yet';
        const around = {
          left: Math.min(...marked.map((b) => b.left)),
          top: Math.min(...marked.map((b) => b.top)),
          right: Math.max(...marked.map((b) => b.right)),
          bottom: Math.max(...marked.map((b) => b.bottom)),
        };
        const gaps = [
          around.left - box.left,
          around.top - box.top,
          box.right - around.right,
          box.bottom - around.bottom,
        ];
        return gaps.every((gap) => gap >= 0 && gap <= 6)
          ? 'around'
          : gaps.map(Math.round).join(' ');
      }),
    )
    .toBe('around');
});

test('the unsaved-text banner offers its choices as 44 px targets', async ({ page }) => {
  await page.addInitScript(`localStorage.setItem('autoSaveEnabled', 'false')`);
  await signInLocally(page, `${uniqueLogin('phonebanner')}@example.test`);
  const created = await page.request.post('/api/diagrams', {
    data: { title: 'Kept', content: 'sequenceDiagram\n    Alice->>Bob: saved' },
  });
  const { id } = (await created.json()) as { id: number };
  await page.goto(`/?diagramId=${id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  const content = page.getByTestId(EDITOR_TESTIDS.editorPanel).locator('.cm-content');
  await expect(content).toContainText('saved');
  await content.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n    Bob->>Alice: not yet saved');
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'unsaved');

  await page.reload();
  await expect(page.getByTestId(SAVING_TESTIDS.restoreBanner)).toBeVisible();
  await expectTapTarget(page.getByTestId(SAVING_TESTIDS.restore));
  await expectTapTarget(page.getByTestId(SAVING_TESTIDS.discard));
});
