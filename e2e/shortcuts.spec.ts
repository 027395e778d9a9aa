import { expect, test, type Page } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import { EDITOR_TEXT } from '../src/shared/messages';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { SHORTCUTS_COPY, SHORTCUTS_TESTIDS } from '../src/client/features/shortcuts/copy';
import { EditorPage } from './support/editorPage';
import { signInLocally, uniqueLogin } from './support/signIn';

test.use({ viewport: { width: 1280, height: 800 } });

declare global {
  interface Window {
    __prevented?: string[];
  }
}

/** Records every key press whose default action was prevented (so no browser dialog opens). */
async function recordPreventedKeys(page: Page) {
  await page.addInitScript(() => {
    window.__prevented = [];
    const original = Event.prototype.preventDefault;
    Event.prototype.preventDefault = function (this: Event) {
      if (this instanceof KeyboardEvent) {
        window.__prevented?.push(`${this.ctrlKey ? 'Control+' : ''}${this.key}`);
      }
      return original.call(this);
    };
  });
}
const prevented = (page: Page) => page.evaluate(() => window.__prevented ?? []);

async function openSignedIn(page: Page, seed?: () => Promise<void>) {
  await recordPreventedKeys(page);
  await signInLocally(page, `${uniqueLogin('keys')}@example.test`);
  await seed?.();
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  return new EditorPage(page);
}

const listDiagrams = async (page: Page) =>
  (await (await page.request.get('/api/diagrams')).json()) as Diagram[];

test('Ctrl+S in the code editor saves the diagram, never the browser’s dialog', async ({
  page,
}) => {
  const editor = await openSignedIn(page);
  await editor.title.fill('Saved by keyboard');
  await editor.focusEnd();
  await page.keyboard.type('\n    Bob->>Alice: Thanks');
  const text = await editor.text();

  await page.keyboard.press('Control+s');
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);
  await expect
    .poll(async () => (await listDiagrams(page)).map((d) => d.title))
    .toEqual(['Saved by keyboard']);
  expect((await listDiagrams(page))[0]?.content).toBe(text);
  expect(await editor.text()).toBe(text); // no "s" typed into the diagram
  expect(await prevented(page)).toContain('Control+s');
});

test('Ctrl+Shift+E opens the Export menu', async ({ page }) => {
  await openSignedIn(page);
  await page.getByTestId(EDITOR_TESTIDS.codeEditor).locator('.cm-content').click();
  await page.keyboard.press('Control+Shift+E');
  const menu = page.getByTestId(EXPORT_TESTIDS.menu);
  await expect(menu).toBeVisible();
  await expect(menu).toContainText(EDITOR_TEXT.exportMenuTitle);
  await expect(menu.getByRole('menuitem', { name: 'PNG' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('Ctrl+K finds a diagram by title as you type and opens it', async ({ page }) => {
  const editor = await openSignedIn(page, async () => {
    for (const title of ['Payment retry', 'Onboarding', 'Checkout payment', 'Login']) {
      const response = await page.request.post('/api/diagrams', {
        data: { title, content: `graph TD\n  ${title.replace(/\W/g, '')}` },
      });
      expect(response.status()).toBe(201);
    }
  });
  await editor.content.click();
  await page.keyboard.press('Control+k');
  const switcher = page.getByTestId(SHORTCUTS_TESTIDS.switcher);
  const input = page.getByTestId(SHORTCUTS_TESTIDS.switcherInput);
  await expect(input).toBeFocused();
  const items = switcher.getByTestId(SHORTCUTS_TESTIDS.switcherItem);
  await expect(items).toHaveCount(4);

  await input.pressSequentially('paym');
  await expect(items).toHaveText([/Payment retry/, /Checkout payment/]);
  await page.keyboard.press('ArrowDown');
  await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(switcher).toBeHidden();
  await expect(editor.title).toHaveValue('Checkout payment');
  await expect.poll(() => editor.text()).toBe('graph TD\n  Checkoutpayment');

  await page.keyboard.press('Control+k');
  await input.fill('nothing like this');
  await expect(switcher).toContainText(SHORTCUTS_COPY.switcherEmpty);
  await page.keyboard.press('Escape');
  await expect(switcher).toBeHidden();
  await expect(editor.title).toHaveValue('Checkout payment');
});

test("'?' lists the shortcuts, but types a '?' in the code editor", async ({ page }) => {
  const editor = await openSignedIn(page);
  await editor.focusEnd();
  await page.keyboard.type('?');
  expect(await editor.text()).toMatch(/\?$/);
  const dialog = page.getByTestId(SHORTCUTS_TESTIDS.dialog);
  await expect(dialog).toBeHidden();

  // Focus leaves the editor (as after clicking the preview).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+?');
  await expect(dialog.getByRole('heading', { name: SHORTCUTS_COPY.dialogTitle })).toBeVisible();
  for (const action of Object.values(SHORTCUTS_COPY.actions)) {
    await expect(dialog).toContainText(action);
  }
  await expect(dialog.locator('kbd', { hasText: 'Ctrl' }).first()).toBeVisible();
  await expect(dialog).not.toContainText('⌘');
});

test('Ctrl+S signed out starts Save Copy (sign-in keeps the copy)', async ({ page }) => {
  await recordPreventedKeys(page);
  const editor = new EditorPage(page);
  await editor.open();
  await editor.title.fill('Anonymous work');
  await editor.content.click();
  await page.keyboard.press('Control+s');
  await page.waitForURL(/\/auth\//);
  expect(await page.evaluate(() => localStorage.getItem('pendingDiagramSave'))).toContain(
    'Anonymous work',
  );
});
