import { expect, test, type Page } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import type { TrashedDiagram } from '../src/shared/versions';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SIDEBAR_COPY, SIDEBAR_TESTIDS, SIDEBAR_TEXT } from '../src/client/features/sidebar/copy';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator as toast } from './support/toasts';

const CONTENT = 'sequenceDiagram\n    Alice->>Bob: Hello';

async function openEditorWith(page: Page, titles: string[]): Promise<Diagram[]> {
  await signInLocally(page, `${uniqueLogin('trash')}@example.test`);
  const created: Diagram[] = [];
  for (const title of titles) {
    const response = await page.request.post('/api/diagrams', {
      data: { title, content: CONTENT },
    });
    expect(response.status()).toBe(201);
    created.push((await response.json()) as Diagram);
  }
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  return created;
}

const sidebar = (page: Page) => page.getByTestId(SIDEBAR_TESTIDS.sidebar);
const diagramRow = (page: Page, title: string) =>
  sidebar(page).getByTestId(SIDEBAR_TESTIDS.diagram).filter({ hasText: title });
const trashItem = (page: Page, title: string) =>
  sidebar(page).getByTestId(SIDEBAR_TESTIDS.trashItem).filter({ hasText: title });

async function deleteFromSidebar(page: Page, title: string): Promise<void> {
  await diagramRow(page, title).hover();
  await diagramRow(page, title).getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
  const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);
  // The spec's confirmation and toast stay word for word.
  await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_TEXT.deleteDiagramTitle);
  await expect(confirm).toContainText(SIDEBAR_TEXT.deleteDiagramBody(title));
  await confirm.getByTestId(SIDEBAR_TESTIDS.confirm).click();
  await expect(toast(page)).toContainText(SIDEBAR_TEXT.deleted(title));
  await expect(diagramRow(page, title)).toHaveCount(0);
}

test.describe('Recently deleted', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a deleted diagram waits in Recently deleted and comes back with Restore', async ({
    page,
  }) => {
    const [diagram] = await openEditorWith(page, ['Quarterly plan', 'Other']);
    const toggle = page.getByTestId(SIDEBAR_TESTIDS.trashToggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false'); // collapsed at first
    await expect(toggle).toContainText(SIDEBAR_COPY.recentlyDeleted);

    await deleteFromSidebar(page, 'Quarterly plan');
    expect((await page.request.get(`/api/diagrams/${diagram!.id}`)).status()).toBe(404);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const item = trashItem(page, 'Quarterly plan');
    await expect(item).toContainText(SIDEBAR_COPY.daysLeft(30));
    await item.getByRole('button', { name: SIDEBAR_COPY.restoreLabel('Quarterly plan') }).click();

    await expect(toast(page)).toContainText(SIDEBAR_COPY.restored('Quarterly plan'));
    await expect(trashItem(page, 'Quarterly plan')).toHaveCount(0);
    await expect(diagramRow(page, 'Quarterly plan')).toBeVisible();
    await expect(sidebar(page).getByText(SIDEBAR_COPY.trashEmpty)).toBeVisible();
    const back = await page.request.get(`/api/diagrams/${diagram!.id}`);
    expect(back.status()).toBe(200);
    expect(((await back.json()) as Diagram).content).toBe(CONTENT);

    // The restored diagram opens like any other.
    await diagramRow(page, 'Quarterly plan').click();
    await expect(page.getByTestId(EDITOR_TESTIDS.title)).toHaveValue('Quarterly plan');
  });

  test('Delete forever asks, then the diagram is gone for good', async ({ page }) => {
    const [diagram] = await openEditorWith(page, ['Scratch', 'Keeper']);
    await deleteFromSidebar(page, 'Scratch');
    await page.getByTestId(SIDEBAR_TESTIDS.trashToggle).click();
    const item = trashItem(page, 'Scratch');
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);

    await item.getByRole('button', { name: SIDEBAR_COPY.deleteForeverLabel('Scratch') }).click();
    await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_COPY.deleteForeverTitle);
    await confirm.getByRole('button', { name: SIDEBAR_TEXT.cancel }).click();
    await expect(item).toBeVisible();

    await item.getByRole('button', { name: SIDEBAR_COPY.deleteForeverLabel('Scratch') }).click();
    await confirm.getByRole('button', { name: SIDEBAR_COPY.deleteForever }).click();
    await expect(toast(page)).toContainText(SIDEBAR_COPY.deletedForever('Scratch'));
    await expect(item).toHaveCount(0);
    const trash = (await (await page.request.get('/api/trash')).json()) as TrashedDiagram[];
    expect(trash.map((entry) => entry.id)).not.toContain(diagram!.id);
    expect((await page.request.post(`/api/trash/${diagram!.id}/restore`)).status()).toBe(404);
    await expect(diagramRow(page, 'Keeper')).toBeVisible();
  });
});
