import { expect, test } from '@playwright/test';
import { EditorPage } from './support/editorPage';
import { toastLocator } from './support/toasts';

/** Two toasts in quick succession: exporting twice from the header's Export menu. */
async function exportTwice(editor: EditorPage) {
  const page = editor.page;
  await expect(page.getByTestId('preview')).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  for (const format of ['SVG', 'PNG']) {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: format, exact: true }).click();
  }
}

test.describe('toasts', () => {
  test('at most one is visible; F8 focuses the viewport; 420px wide at most', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const editor = new EditorPage(page);
    await editor.open();
    await exportTwice(editor);
    const toasts = toastLocator(page);
    await expect(toasts).toHaveCount(1);
    await expect(toasts).toContainText('PNG');

    await page.keyboard.press('F8');
    const viewport = page.getByTestId('toast-viewport');
    await expect(viewport).toBeFocused();
    expect(await viewport.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('420px');
  });

  test("sit above the preview's status line, which stays readable", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const editor = new EditorPage(page);
    await editor.open();
    await exportTwice(editor);
    // The PNG's toast replaces the SVG's once that export is done: measure that one, held open by
    // the pointer (a toast waits while the pointer is on it).
    const shown = toastLocator(page);
    await expect(shown).toContainText('PNG');
    await shown.hover();
    const toast = await shown.boundingBox();
    const status = await page.getByTestId('preview-status').boundingBox();
    expect(toast && status).toBeTruthy();
    expect(toast!.y + toast!.height).toBeLessThanOrEqual(status!.y);
  });

  test('take the full width under 768px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const viewport = page.getByTestId('toast-viewport');
    expect(await viewport.evaluate((el) => getComputedStyle(el).maxWidth)).toBe('none');
  });
});
