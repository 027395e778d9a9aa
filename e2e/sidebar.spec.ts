import { expect, test, type Locator, type Page } from '@playwright/test';
import { BLANK_DIAGRAM } from '../src/shared/templates';
import type { Diagram, Folder } from '../src/shared/schemas';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from '../src/client/features/sidebar/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { readFixture } from '../test/fixtures/diagrams';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator as toast } from './support/toasts';

const CONTENT = 'sequenceDiagram\n    Alice->>Bob: Hello';

/** Signs a fresh account in; `seed` runs with its session before the editor opens. */
async function openEditor(page: Page, seed?: () => Promise<void>): Promise<void> {
  await signInLocally(page, `${uniqueLogin('side')}@example.test`);
  await seed?.();
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
}

async function createFolder(page: Page, name: string): Promise<Folder> {
  const response = await page.request.post('/api/folders', { data: { name } });
  expect(response.status()).toBe(201);
  return (await response.json()) as Folder;
}

async function createDiagram(page: Page, title: string, folderId: number | null = null) {
  const response = await page.request.post('/api/diagrams', {
    data: { title, content: CONTENT, folderId },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Diagram;
}

async function folderOf(page: Page, id: number): Promise<number | null> {
  return ((await (await page.request.get(`/api/diagrams/${id}`)).json()) as Diagram).folderId;
}

const sidebar = (page: Page) => page.getByTestId(SIDEBAR_TESTIDS.sidebar);
const exactly = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const folderRow = (page: Page, name: string) =>
  sidebar(page)
    .getByTestId(SIDEBAR_TESTIDS.folder)
    .filter({ hasText: exactly(name) });
const diagramRow = (page: Page, title: string) =>
  sidebar(page)
    .getByTestId(SIDEBAR_TESTIDS.diagram)
    .filter({ hasText: exactly(title) });
const rowTitles = (rows: Locator) => rows.evaluateAll((els) => els.map((el) => el.textContent));
const titleInput = (page: Page) => page.getByTestId(EDITOR_TESTIDS.title);

test.describe('sidebar at desktop size', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('creates, renames and deletes a folder; open state survives a reload', async ({ page }) => {
    test.slow(); // a long journey: three reloads
    await openEditor(page);
    await expect(sidebar(page).getByRole('heading', { name: SIDEBAR_TEXT.title })).toBeVisible();

    await page.getByTestId(SIDEBAR_TESTIDS.newFolder).click();
    const dialog = page.getByTestId(SIDEBAR_TESTIDS.folderDialog);
    const save = dialog.getByRole('button', { name: SIDEBAR_TEXT.save, exact: true });
    await expect(dialog.getByLabel(SIDEBAR_TEXT.folderName)).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByTestId(SIDEBAR_TESTIDS.folderName).fill('   ');
    await expect(save).toBeDisabled();
    await dialog.getByTestId(SIDEBAR_TESTIDS.folderName).fill('Billing');
    await save.click();
    await expect(dialog).toBeHidden();
    // A new folder opens, showing that it is empty.
    await expect(folderRow(page, 'Billing')).toBeVisible();
    await expect(sidebar(page).getByText(SIDEBAR_TEXT.emptyFolder)).toBeVisible();

    const toggle = folderRow(page, 'Billing')
      .getByRole('button', { name: /Billing/ })
      .first();
    await toggle.click();
    await expect(sidebar(page).getByText(SIDEBAR_TEXT.emptyFolder)).toBeHidden();
    await page.reload();
    await expect(folderRow(page, 'Billing')).toBeVisible();
    await expect(sidebar(page).getByText(SIDEBAR_TEXT.emptyFolder)).toBeHidden();
    await folderRow(page, 'Billing')
      .getByRole('button', { name: /Billing/ })
      .first()
      .click();
    await page.reload();
    await expect(sidebar(page).getByText(SIDEBAR_TEXT.emptyFolder)).toBeVisible();

    // Rename: 'Saving...' shows while the call is held back.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/folders/*', async (route) => {
      await held;
      await route.continue();
    });
    await folderRow(page, 'Billing').hover();
    await folderRow(page, 'Billing').getByTestId(SIDEBAR_TESTIDS.renameFolder).click();
    await expect(dialog.getByTestId(SIDEBAR_TESTIDS.folderName)).toHaveValue('Billing');
    await dialog.getByTestId(SIDEBAR_TESTIDS.folderName).fill('Invoices');
    await save.click();
    await expect(dialog.getByRole('button', { name: SIDEBAR_TEXT.saving })).toBeDisabled();
    release();
    await expect(dialog).toBeHidden();
    await expect(folderRow(page, 'Invoices')).toBeVisible();
    await page.unroute('**/api/folders/*');

    // Delete: its diagrams move to the root.
    const folders = (await (await page.request.get('/api/folders')).json()) as Folder[];
    const inside = await createDiagram(page, 'Quarterly report', folders[0]!.id);
    await page.reload();
    await expect(diagramRow(page, 'Quarterly report')).toHaveAttribute(
      'data-folder',
      String(folders[0]!.id),
    );
    await folderRow(page, 'Invoices').hover();
    await folderRow(page, 'Invoices').getByTestId(SIDEBAR_TESTIDS.deleteFolder).click();
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);
    await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_TEXT.deleteFolderTitle);
    await expect(confirm).toContainText(
      'This will delete the folder "Invoices". Any diagrams inside will be moved to the root level.',
    );
    await confirm.getByTestId(SIDEBAR_TESTIDS.confirm).click();
    await expect(folderRow(page, 'Invoices')).toHaveCount(0);
    await expect(diagramRow(page, 'Quarterly report')).toHaveAttribute('data-folder', 'root');
    expect(await folderOf(page, inside.id)).toBeNull();
  });

  test('orders folders by position and diagrams newest first', async ({ page }) => {
    await openEditor(page, async () => {
      const [alpha, beta] = [await createFolder(page, 'Alpha'), await createFolder(page, 'Beta')];
      await createFolder(page, 'Gamma');
      // Alpha moves last; Beta is the open folder holding three diagrams.
      await page.request.put(`/api/folders/${alpha.id}`, { data: { position: 9 } });
      const first = await createDiagram(page, 'First', beta.id);
      await createDiagram(page, 'Second', beta.id);
      await createDiagram(page, 'Third', beta.id);
      await page.request.put(`/api/diagrams/${first.id}`, { data: { title: 'First edited' } });
      await createDiagram(page, 'Root old');
      await createDiagram(page, 'Root new');
      await page.addInitScript(
        (id) => window.localStorage.setItem('lifeline-sidebar-expanded-folders', `[${id}]`),
        beta.id,
      );
    });
    await expect(sidebar(page).getByTestId(SIDEBAR_TESTIDS.folder)).toHaveCount(3);
    expect(await rowTitles(sidebar(page).getByTestId(SIDEBAR_TESTIDS.folder))).toEqual([
      'Beta3',
      'Gamma0',
      'Alpha0',
    ]);
    await expect(sidebar(page).getByTestId(SIDEBAR_TESTIDS.diagram)).toHaveCount(5);
    expect(await rowTitles(sidebar(page).getByTestId(SIDEBAR_TESTIDS.diagram))).toEqual([
      'First edited',
      'Third',
      'Second',
      'Root new',
      'Root old',
    ]);
    // The first diagram of the list opens, and is highlighted.
    await expect(titleInput(page)).toHaveValue('Root new');
    await expect(diagramRow(page, 'Root new')).toHaveAttribute('data-active', 'true');
    await expect(page.getByRole('button', { name: 'Root new', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  test('opens a diagram on click and highlights it', async ({ page }) => {
    await openEditor(page, async () => {
      await createDiagram(page, 'Older');
      await createDiagram(page, 'Newer');
    });
    await expect(diagramRow(page, 'Newer')).toHaveAttribute('data-active', 'true');
    await diagramRow(page, 'Older').getByRole('button', { name: 'Older', exact: true }).click();
    await expect(titleInput(page)).toHaveValue('Older');
    await expect(diagramRow(page, 'Older')).toHaveAttribute('data-active', 'true');
    await expect(diagramRow(page, 'Newer')).not.toHaveAttribute('data-active');
  });

  test('the open diagram is shown in its folder, after a link or a reload, once', async ({
    page,
  }) => {
    test.slow(); // two reloads
    let filed: Diagram | undefined;
    await openEditor(page, async () => {
      const archive = await createFolder(page, 'Archive');
      await createDiagram(page, 'Loose');
      filed = await createDiagram(page, 'Filed away', archive.id);
    });
    const toggle = folderRow(page, 'Archive')
      .getByRole('button', { name: /Archive/ })
      .first();
    // Opened by its address: its folder opens and its row is in view.
    await page.goto(`/?diagramId=${filed!.id}`);
    await expect(titleInput(page)).toHaveValue('Filed away');
    await expect(diagramRow(page, 'Filed away')).toHaveAttribute('data-active', 'true');
    await expect(diagramRow(page, 'Filed away')).toBeInViewport();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    // Closed by the person, it stays closed while they browse…
    await toggle.click();
    await expect(diagramRow(page, 'Filed away')).toHaveCount(0);
    await diagramRow(page, 'Loose').getByRole('button', { name: 'Loose', exact: true }).click();
    await expect(titleInput(page)).toHaveValue('Loose');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // …and a diagram inside it, open at a reload, is shown again.
    await page.goto(`/?diagramId=${filed!.id}`);
    await expect(titleInput(page)).toHaveValue('Filed away');
    await toggle.click();
    await expect(diagramRow(page, 'Filed away')).toHaveCount(0);
    await page.reload();
    await expect(titleInput(page)).toHaveValue('Filed away');
    await expect(diagramRow(page, 'Filed away')).toHaveAttribute('data-active', 'true');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  test('another diagram opens at the start of its drawing, not where the last one was panned', async ({
    page,
  }) => {
    await openEditor(page, async () => {
      const created = await page.request.post('/api/diagrams', {
        data: { title: 'Long', content: readFixture('medium.mmd') },
      });
      expect(created.status()).toBe(201);
      await createDiagram(page, 'Short');
    });
    const preview = page.getByTestId(PREVIEW_TESTIDS.root);
    const drawingTop = async () => {
      const frame = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
      const [svg, stage] = await Promise.all([
        frame.locator('svg').first().boundingBox(),
        page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox(),
      ]);
      return (svg?.y ?? NaN) - (stage?.y ?? NaN);
    };
    await diagramRow(page, 'Long').getByRole('button', { name: 'Long', exact: true }).click();
    await expect(preview).toHaveAttribute(
      'data-shown-length',
      String(readFixture('medium.mmd').length),
    );
    const start = await drawingTop();
    expect(start).toBeGreaterThanOrEqual(0);
    // Down the long drawing (Alt+wheel pans down).
    const area = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
    await page.mouse.move(area!.x + area!.width / 2, area!.y + area!.height / 2);
    await page.keyboard.down('Alt');
    for (let i = 0; i < 5; i += 1) await page.mouse.wheel(0, 300);
    await page.keyboard.up('Alt');
    await expect.poll(drawingTop).toBeLessThan(start - 600);

    await diagramRow(page, 'Short').getByRole('button', { name: 'Short', exact: true }).click();
    await expect(preview).toHaveAttribute('data-shown-length', String(CONTENT.length));
    await expect.poll(drawingTop).toBeCloseTo(start, 0);
  });

  test('moves a diagram into a folder and back with the mouse', async ({ page }) => {
    let moving: Diagram | undefined;
    await openEditor(page, async () => {
      await createFolder(page, 'Archive');
      moving = await createDiagram(page, 'Moving day');
      await createDiagram(page, 'Open one');
    });
    const drag = async (from: Locator, to: Locator) => {
      const a = (await from.boundingBox())!;
      const b = (await to.boundingBox())!;
      await page.mouse.move(a.x + 40, a.y + a.height / 2);
      await page.mouse.down();
      await page.mouse.move(a.x + 60, a.y + a.height / 2 + 10, { steps: 4 });
      await expect(page.getByTestId(SIDEBAR_TESTIDS.dragOverlay)).toBeVisible();
      await page.mouse.move(b.x + 60, b.y + b.height / 2, { steps: 8 });
      await expect(to).toHaveAttribute('data-drop-active', 'true');
      await page.mouse.up();
    };
    await drag(diagramRow(page, 'Moving day'), folderRow(page, 'Archive'));
    await expect(toast(page)).toContainText(SIDEBAR_TEXT.moved);
    // The folder opens to show where the diagram went.
    const folderId = (await folderRow(page, 'Archive').getAttribute('data-folder-id'))!;
    await expect(diagramRow(page, 'Moving day')).toHaveAttribute('data-folder', folderId);
    expect(await folderOf(page, moving!.id)).toBe(Number(folderId));
    // Clicking after the drop did not open the dragged diagram.
    await expect(titleInput(page)).toHaveValue('Open one');

    await drag(diagramRow(page, 'Moving day'), page.getByTestId(SIDEBAR_TESTIDS.rootZone));
    await expect(diagramRow(page, 'Moving day')).toHaveAttribute('data-folder', 'root');
    await expect(toast(page)).toContainText(SIDEBAR_TEXT.moved);
    expect(await folderOf(page, moving!.id)).toBeNull();
  });

  test('moves a diagram with the keyboard, announced, and Escape cancels', async ({ page }) => {
    let moving: Diagram | undefined;
    await openEditor(page, async () => {
      await createFolder(page, 'Archive');
      await createFolder(page, 'Later');
      moving = await createDiagram(page, 'Moving day');
    });
    const live = page.getByTestId(SIDEBAR_TESTIDS.live);
    const handle = () =>
      diagramRow(page, 'Moving day').getByRole('button', {
        name: SIDEBAR_COPY.moveHandle('Moving day'),
      });

    await handle().focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('Picked up Moving day');
    await page.keyboard.press('ArrowDown');
    await expect(live).toHaveText(SIDEBAR_COPY.over('Archive'));
    await expect(folderRow(page, 'Archive')).toHaveAttribute('data-drop-active', 'true');
    await page.keyboard.press('Space');
    await expect(toast(page)).toContainText(SIDEBAR_TEXT.moved);
    await expect.poll(() => folderOf(page, moving!.id)).not.toBeNull();
    const archive = (await folderOf(page, moving!.id))!;
    await expect(diagramRow(page, 'Moving day')).toHaveAttribute('data-folder', String(archive));

    // Escape leaves it where it is.
    await handle().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(live).toHaveText(SIDEBAR_COPY.over('Later'));
    await page.keyboard.press('Escape');
    await expect(live).toHaveText(SIDEBAR_COPY.cancelled('Moving day'));
    expect(await folderOf(page, moving!.id)).toBe(archive);

    // Back to the root: the root comes before the first folder.
    await handle().focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowUp');
    await expect(live).toHaveText(SIDEBAR_COPY.over(SIDEBAR_COPY.root));
    await page.keyboard.press('Enter');
    await expect(diagramRow(page, 'Moving day')).toHaveAttribute('data-folder', 'root');
    expect(await folderOf(page, moving!.id)).toBeNull();
  });

  test('deletes a diagram after the exact confirmation; the open one resets to a new diagram', async ({
    page,
  }) => {
    await openEditor(page, async () => {
      await createDiagram(page, 'Keep me');
      await createDiagram(page, 'Remove me');
    });
    await expect(titleInput(page)).toHaveValue('Remove me');
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);

    // Cancel keeps it.
    await diagramRow(page, 'Keep me').hover();
    await diagramRow(page, 'Keep me').getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
    await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_TEXT.deleteDiagramTitle);
    await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramBody('Keep me'));
    await confirm.getByRole('button', { name: SIDEBAR_TEXT.cancel }).click();
    await expect(diagramRow(page, 'Keep me')).toBeVisible();

    await diagramRow(page, 'Remove me').hover();
    await diagramRow(page, 'Remove me').getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
    await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramBody('Remove me'));
    await confirm.getByTestId(SIDEBAR_TESTIDS.confirm).click();
    await expect(toast(page)).toContainText('"Remove me" was deleted successfully');
    await expect(diagramRow(page, 'Remove me')).toHaveCount(0);
    await expect(titleInput(page)).toHaveValue(BLANK_DIAGRAM.title);
    await expect(sidebar(page).locator('[data-active]')).toHaveCount(0);
  });

  test('the header toggle and dragging collapse the sidebar; the layout survives a reload', async ({
    page,
  }) => {
    await openEditor(page);
    const panel = page.getByTestId(SIDEBAR_TESTIDS.panel);
    const size = async (testId: string) =>
      Number(await page.getByTestId(testId).getAttribute('data-panel-size'));
    expect(await size(SIDEBAR_TESTIDS.panel)).toBe(20);
    expect(await size(EDITOR_TESTIDS.editorPanel)).toBe(40);
    expect(await size(EDITOR_TESTIDS.previewPanel)).toBe(40);

    const toggle = page.getByTestId(SIDEBAR_TESTIDS.toggle);
    await expect(toggle).toHaveAccessibleName(SIDEBAR_COPY.collapseSidebar);
    await toggle.click();
    await expect(panel).toHaveAttribute('data-panel-size', '0.0');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(sidebar(page)).toBeHidden();
    // The freed width goes to the drawing; the editor keeps its own.
    expect(await size(EDITOR_TESTIDS.editorPanel)).toBe(40);
    expect(await size(EDITOR_TESTIDS.previewPanel)).toBe(60);
    // The layout is stored a moment after it changes: reload once the collapse is stored.
    const layoutKey = `react-resizable-panels:${STORAGE_KEYS.panelsAutoSaveId('signed-in')}`;
    await expect
      .poll(() => page.evaluate((key) => window.localStorage.getItem(key), layoutKey))
      .toMatch(/"layout":\[0,/);
    await page.reload();
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await expect(panel).toHaveAttribute('data-panel-size', '0.0');
    await expect(toggle).toHaveAccessibleName(SIDEBAR_COPY.expandSidebar);
    await toggle.click();
    await expect(panel).toHaveAttribute('data-panel-size', '20.0');
    // Opening takes the width back from the drawing.
    expect(await size(EDITOR_TESTIDS.editorPanel)).toBe(40);
    expect(await size(EDITOR_TESTIDS.previewPanel)).toBe(40);

    // Dragging its edge below the minimum collapses it too.
    const handle = (await page.getByTestId(SIDEBAR_TESTIDS.resizeHandle).boundingBox())!;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(handle.x + handle.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(10, y, { steps: 8 });
    await page.mouse.up();
    await expect(panel).toHaveAttribute('data-panel-size', '0.0');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test("lists 'Shared with me' with owner and role, and opens one", async ({ page, browser }) => {
    const viewerEmail = `${uniqueLogin('viewer')}@example.test`;
    await signInLocally(page, viewerEmail, 'Vera Viewer');
    const owner = await browser.newContext();
    const ownerPage = await owner.newPage();
    await signInLocally(ownerPage, `${uniqueLogin('owner')}@example.test`, 'Olga Owner');
    const shared = await createDiagram(ownerPage, 'Team roadmap');
    const added = await ownerPage.request.post(`/api/diagrams/${shared.id}/collaborators`, {
      data: { email: viewerEmail, role: 'viewer' },
    });
    expect(added.ok()).toBe(true);
    await owner.close();

    await page.goto('/');
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    const section = page.getByTestId(SIDEBAR_TESTIDS.shared);
    await expect(section).toContainText(SIDEBAR_TEXT.sharedWithMe);
    const item = section.getByTestId(SIDEBAR_TESTIDS.sharedDiagram);
    await expect(item).toContainText('Team roadmap');
    await expect(item).toContainText('Olga Owner');
    await expect(item).toContainText(SIDEBAR_COPY.role.viewer);
    await item.click();
    await expect(titleInput(page)).toHaveValue('Team roadmap');
    await expect(item).toHaveAttribute('data-active', 'true');
  });
});

test.describe('sidebar on a 375px-wide screen', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("item menus replace hover buttons and 'Delete Current' deletes the open diagram", async ({
    page,
  }) => {
    await openEditor(page, async () => {
      await createFolder(page, 'Trips');
      await createDiagram(page, 'Other');
      await createDiagram(page, 'Current');
    });
    await expect(titleInput(page)).toHaveValue('Current');
    await page.getByRole('tab', { name: 'List' }).click(); // a phone shows the list by its tab
    // No hover buttons: each row has a menu button instead.
    await expect(sidebar(page).getByTestId(SIDEBAR_TESTIDS.renameFolder)).toHaveCount(0);
    await expect(sidebar(page).getByTestId(SIDEBAR_TESTIDS.deleteDiagram)).toHaveCount(0);
    await folderRow(page, 'Trips').getByTestId(SIDEBAR_TESTIDS.itemMenu).click();
    await expect(page.getByRole('menuitem', { name: SIDEBAR_COPY.renameFolder })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: SIDEBAR_COPY.deleteFolder })).toBeVisible();
    await page.keyboard.press('Escape');

    await diagramRow(page, 'Other').getByTestId(SIDEBAR_TESTIDS.itemMenu).click();
    await page.getByRole('menuitem', { name: SIDEBAR_COPY.deleteDiagram }).click();
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);
    await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramTitle);
    await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramBody('Other'));
    await confirm.getByRole('button', { name: SIDEBAR_TEXT.cancel }).click();

    const deleteCurrent = page.getByTestId(SIDEBAR_TESTIDS.deleteCurrent);
    await expect(deleteCurrent).toHaveText(SIDEBAR_TEXT.deleteCurrent);
    await deleteCurrent.click();
    await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramBody('Current'));
    await confirm.getByTestId(SIDEBAR_TESTIDS.confirm).click();
    await expect(toast(page)).toContainText('"Current" was deleted successfully');
    await expect(titleInput(page)).toHaveValue(BLANK_DIAGRAM.title);
    await expect(diagramRow(page, 'Current')).toHaveCount(0);
    await expect(deleteCurrent).toBeDisabled();
  });
});
