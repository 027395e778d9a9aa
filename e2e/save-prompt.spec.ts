import { expect, test } from '@playwright/test';
import { SIGN_IN_PROMPT_AFTER_EDITS } from '../src/shared/constants';
import { SAVE_PROMPT } from '../src/shared/messages';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { TEMPLATES } from '../src/shared/templates';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { EditorPage } from './support/editorPage';

/** Types `count` characters one by one (one edit each) and waits until the editor has them. */
async function typeEdits(editor: EditorPage, count: number) {
  const before = await editor.text();
  const typed = 'abcdefghij'.slice(0, count);
  await editor.page.keyboard.type(typed);
  await expect.poll(() => editor.text()).toBe(before + typed);
}

test.describe("'Save Your Work' prompt", () => {
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
    await editor.focusEnd();
  });

  test('is due on the fifth edit and shows once typing pauses; Continue without saving closes it', async ({
    page,
  }) => {
    expect(SIGN_IN_PROMPT_AFTER_EDITS).toBe(5);
    const dialog = page.getByRole('dialog', { name: SAVE_PROMPT.title });

    await typeEdits(editor, 4);
    await expect(dialog).toHaveCount(0);
    await page.keyboard.type('e');
    await expect(dialog).toBeVisible();
    await expect(editor.content).toBeFocused();

    await dialog.getByRole('button', { name: SAVE_PROMPT.continueWithout }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.content).toBeFocused();
  });

  test('the close button dismisses it', async ({ page }) => {
    await typeEdits(editor, 5);
    const dialog = page.getByRole('dialog', { name: SAVE_PROMPT.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('choosing a template (New) restarts the count', async ({ page }) => {
    await typeEdits(editor, 3);
    await editor.button('New').click();
    await page.getByTestId(TEMPLATE_TESTIDS.card).first().click();
    // The typed text exists only in this browser, so replacing it is asked first.
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard and continue' })
      .click();
    await expect.poll(() => editor.text()).toBe(TEMPLATES[0]!.content);

    await editor.focusEnd();
    await typeEdits(editor, 4);
    const dialog = page.getByRole('dialog', { name: SAVE_PROMPT.title });
    await expect(dialog).toHaveCount(0);
    await page.keyboard.type('z');
    await expect(dialog).toBeVisible();
  });

  test('its sign-in button keeps the diagram and goes to sign-in', async ({ page }) => {
    await typeEdits(editor, 5);
    await page
      .getByRole('dialog', { name: SAVE_PROMPT.title })
      .getByRole('button', {
        name: 'Sign in locally', // the local app: no issuer configured
      })
      .click();
    await page.waitForURL(
      (url) => url.pathname === '/auth/google' && url.search === '?redirect=%2Ftry',
    );
    const saved = JSON.parse((await editor.storageItem(STORAGE_KEYS.pendingDiagramSave)) ?? 'null');
    expect(saved.content).toMatch(/abcde$/);
    expect(await editor.storageItem(STORAGE_KEYS.authRedirectPath)).toBe('/try');
  });
});

test.describe("'Save Your Work' on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('leaves the Code/Diagram tabs uncovered and in reach', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open();
    await editor.focusEnd();
    await typeEdits(editor, 5);
    const dialog = page.getByRole('dialog', { name: SAVE_PROMPT.title });
    await expect(dialog).toBeVisible();
    const card = await dialog.boundingBox();
    const tabs = await page.getByRole('tablist', { name: 'Editor view' }).boundingBox();
    expect(card && tabs).toBeTruthy();
    expect(card!.y + card!.height).toBeLessThanOrEqual(tabs!.y);
    await page.getByTestId('phone-tab-diagram').click();
    await expect(page.getByTestId('phone-tab-diagram')).toHaveAttribute('aria-selected', 'true');
  });
});
