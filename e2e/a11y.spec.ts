/**
 * WCAG 2.2 AA by axe-core on every screen and dialog, light and dark: no serious or critical
 * violation. The drawing's frame is left out (mermaid's SVG is checked by its own text tests).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { API_TOKEN_TESTIDS } from '../src/client/features/api-token/copy';
import { ASSISTANT_TESTIDS } from '../src/client/features/assistant-access/copy';
import { HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { SIDEBAR_TESTIDS } from '../src/client/features/sidebar/copy';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { authorizationRequest } from './support/assistants';
import { signInLocally, uniqueLogin } from './support/signIn';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe').analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

async function expectClean(page: Page, screen: string): Promise<void> {
  expect(await violations(page), screen).toEqual([]);
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${scheme} mode`, () => {
    test.use({ colorScheme: scheme, viewport: { width: 1440, height: 900 } });

    test('landing, sign-in and the API reference', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(page, 'landing');
      await page.goto('/auth/google');
      await expect(page.getByRole('heading', { name: 'Sign in to Lifeline' })).toBeVisible();
      await expectClean(page, 'local sign-in');
      await page.goto('/api/docs');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectClean(page, '/api/docs');
    });

    test('the consent page of an assistant', async ({ page }) => {
      await signInLocally(page, `${uniqueLogin('axeconsent')}@example.test`);
      const asked = await authorizationRequest(page.request, 'Axe Assistant');
      await page.goto(asked.url);
      await expect(page.getByTestId(ASSISTANT_TESTIDS.allow)).toBeVisible();
      await expectClean(page, 'assistant consent');
    });

    test('/try and its dialogs', async ({ page }) => {
      // Five full-page scans (the editor and four dialogs), each seconds on a busy machine.
      test.slow();
      await page.goto('/try');
      await expect(page.getByTestId(EDITOR_TESTIDS.codeEditor)).toBeVisible();
      await expectClean(page, '/try');
      await page.getByTestId(EDITOR_TESTIDS.newDiagram).click();
      await expect(page.getByTestId(TEMPLATE_TESTIDS.dialog)).toBeVisible();
      await expectClean(page, 'template chooser');
      await closeDialog(page);
      await page.getByTestId(EDITOR_TESTIDS.share).click();
      await expect(page.getByTestId(EDITOR_TESTIDS.shareDialog)).toBeVisible();
      await expectClean(page, 'share (signed out)');
      await closeDialog(page);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press('?');
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectClean(page, 'shortcuts');
    });

    test('the signed-in editor and its dialogs, and a shared page', async ({ page }) => {
      // Seven scans of a full page, each a few seconds on a busy two-core machine.
      test.slow();
      await signInLocally(page, `${uniqueLogin('axe')}@example.test`);
      const created = (await (
        await page.request.post('/api/diagrams', {
          data: { title: 'Checked', content: 'sequenceDiagram\n    A->>B: Hi' },
        })
      ).json()) as { id: number };
      await page.goto('/');
      await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
      await expectClean(page, 'editor');

      await page.getByTestId(EDITOR_TESTIDS.share).click();
      const share = page.getByTestId(SHARE_TESTIDS.dialog);
      await expect(share).toBeVisible();
      await share.getByTestId(SHARE_TESTIDS.publicSwitch).click();
      await expect(share.getByTestId(SHARE_TESTIDS.link)).toBeVisible();
      const link = await share.getByTestId(SHARE_TESTIDS.link).inputValue();
      await expectClean(page, 'share');
      await closeDialog(page);

      await page.getByTestId(HISTORY_TESTIDS.button).click();
      await expect(page.getByTestId(HISTORY_TESTIDS.dialog)).toBeVisible();
      await expectClean(page, 'history');
      await closeDialog(page);

      await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
      await page.getByTestId(AUTH_TESTIDS.apiToken).click();
      await expect(page.getByTestId(API_TOKEN_TESTIDS.dialog)).toBeVisible();
      await expectClean(page, 'API token');
      await closeDialog(page);

      const row = page.getByTestId(SIDEBAR_TESTIDS.diagram).filter({ hasText: 'Checked' });
      await row.hover();
      await row.getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
      await expect(page.getByTestId(SIDEBAR_TESTIDS.confirmDialog)).toBeVisible();
      await expectClean(page, 'delete confirmation');
      await closeDialog(page);

      await page.getByTestId(SIDEBAR_TESTIDS.newFolder).click();
      await expect(page.getByTestId(SIDEBAR_TESTIDS.folderDialog)).toBeVisible();
      await expectClean(page, 'folder dialog');
      await closeDialog(page);

      expect(created.id).toBeGreaterThan(0);
      await page.goto(link);
      await expect(page.getByTestId(EDITOR_TESTIDS.codeEditor)).toBeVisible();
      await expectClean(page, '/d/{token}');
    });
  });
}
