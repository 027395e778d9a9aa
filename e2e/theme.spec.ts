import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { EditorPage } from './support/editorPage';

test.describe('theme', () => {
  test.use({ colorScheme: 'light' });

  test('the choice survives a reload', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open();
    const html = page.locator('html');
    await expect(html).toHaveClass(/\blight\b/);

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await editor.storageItem(STORAGE_KEYS.theme)).toBe('dark');

    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
    await expect(editor.content).toBeVisible();
    await expect(html).toHaveClass(/\bdark\b/);

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(html).toHaveClass(/\blight\b/);
  });

  test('lifeline-ui-theme is honoured when lifeline-theme is absent', async ({ page }) => {
    await page.addInitScript(
      (key) => window.localStorage.setItem(key, 'dark'),
      STORAGE_KEYS.themeAlt,
    );
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.theme)).toBeNull();
  });

  test('System follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
  });
});
