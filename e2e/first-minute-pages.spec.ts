/**
 * The first minute outside the text area: no junk diagrams, confirmations that tell the truth,
 * sign-in that says what will happen, one message per event, the API docs and unknown paths.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DiagramSummary } from '../src/shared/schemas';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testids';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/features/editor/saving/copy';
import { SIDEBAR_TESTIDS, SIDEBAR_TEXT } from '../src/client/features/sidebar/copy';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testids';
import { signInLocally, uniqueLogin } from './support/signIn';

async function openEditor(page: Page): Promise<void> {
  await signInLocally(page, `${uniqueLogin('first')}@example.test`);
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
}

async function listed(page: Page): Promise<DiagramSummary[]> {
  const response = await page.request.get('/api/diagrams');
  expect(response.ok()).toBe(true);
  return (await response.json()) as DiagramSummary[];
}

const status = (page: Page) => page.getByTestId(SAVING_TESTIDS.status);

test.describe('no junk diagrams (item 7)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an untouched new diagram is never saved, not even when New replaces it', async ({
    page,
  }) => {
    await openEditor(page);
    // Auto-save is on by default: nothing typed is nothing unsaved.
    await expect(page.getByTestId(SAVING_TESTIDS.autoSaveSwitch)).toBeChecked();
    await expect(status(page)).toHaveCount(0);

    await page.getByTestId(EDITOR_TESTIDS.newDiagram).click();
    const chooser = page.getByTestId(TEMPLATE_TESTIDS.dialog);
    await chooser.getByTestId(TEMPLATE_TESTIDS.card).first().click();
    await expect(chooser).toBeHidden();
    // The template opened; nothing was created for the untouched blank diagram before it.
    await expect(page.getByTestId(EDITOR_TESTIDS.title)).not.toHaveValue('New Diagram');
    await expect(status(page)).toHaveCount(0);
    expect(await listed(page)).toEqual([]);
  });

  test('typing in a new diagram creates it once, by auto-save', async ({ page }) => {
    await openEditor(page);
    const content = page.getByTestId(EDITOR_TESTIDS.codeEditor).locator('.cm-content');
    await content.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n    System->>User: Done');
    await expect(status(page)).toHaveText(SAVING_COPY.saved);
    const saved = await listed(page);
    expect(saved.map((diagram) => diagram.title)).toEqual(['New Diagram']);
  });
});

test.describe('delete confirmation (item 9)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('keeps the spec title and says where the diagram goes and for how long', async ({
    page,
  }) => {
    await signInLocally(page, `${uniqueLogin('trashword')}@example.test`);
    const created = await page.request.post('/api/diagrams', {
      data: { title: 'Gone soon', content: 'sequenceDiagram\n    A->>B: Hi' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/');
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    const row = page
      .getByTestId(SIDEBAR_TESTIDS.sidebar)
      .getByTestId(SIDEBAR_TESTIDS.diagram)
      .filter({ hasText: 'Gone soon' });
    await row.hover();
    await row.getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);
    await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_TEXT.deleteDiagramTitle);
    await expect(confirm).toContainText(
      '"Gone soon" moves to Recently deleted, where you can restore it for 30 days. After that it is deleted for good.',
    );
    await expect(confirm).not.toContainText('permanently');
    await expect(confirm).not.toContainText('cannot be undone');
  });
});
