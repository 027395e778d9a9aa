import { expect, test } from '@playwright/test';
import { LANDING } from '../src/shared/messages';
import { LANDING_TESTIDS } from '../src/client/features/landing/testIds';
import { EditorPage } from './support/editorPage';

const FEATURE_TITLES = ['Export options', 'Sharing and privacy', 'Templates', 'Auto-save'];

test.describe('landing page (signed out)', () => {
  test('shows the title, tagline, four features, sign-in and the terms note', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Lifeline' })).toBeVisible();
    await expect(page.getByText(LANDING.tagline)).toBeVisible();

    const features = page.getByTestId(LANDING_TESTIDS.feature);
    await expect(features).toHaveCount(4);
    for (const title of FEATURE_TITLES) {
      await expect(features.getByRole('heading', { name: title })).toBeVisible();
    }

    // This server has no issuer: the button says what will happen (see first-minute-pages.spec).
    const signIn = page.getByRole('link', { name: 'Sign in locally' });
    await expect(signIn).toBeVisible();
    await expect(signIn).toHaveAttribute('href', '/auth/google');
    await expect(page.getByText(/agree to our terms of service and privacy policy/i)).toBeVisible();
  });

  test('is shown at any other path, answered with 404', async ({ page }) => {
    const response = await page.goto('/some/unknown/path');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId(LANDING_TESTIDS.page)).toBeVisible();
    await expect(page.getByText(LANDING.tagline)).toBeVisible();
  });

  test('"Try the editor" opens the signed-out editor at /try', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Try the editor' }).click();
    await expect(page).toHaveURL(/\/try$/);
    const editor = new EditorPage(page);
    await expect(editor.content).toBeVisible();
    await expect(editor.button('Save Copy')).toBeVisible();
  });

  test('loads neither the code editor nor the diagram library', async ({ page }) => {
    const scripts: { url: string; source: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), source: await response.text() });
    });
    await page.goto('/');
    await expect(page.getByText(LANDING.tagline)).toBeVisible();
    await page.waitForLoadState('load');
    expect(scripts.length).toBeGreaterThan(0);
    for (const { url, source } of scripts) {
      expect(url).not.toMatch(/EditorScreen|mermaid/);
      expect(source).not.toContain('cm-scroller'); // @codemirror/view's class names
      expect(source).not.toContain('mermaidAPI'); // the diagram library
    }
  });
});
