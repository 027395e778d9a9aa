import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { denseFlowchart } from '../test/fixtures/diagrams';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { TOAST } from '../src/shared/constants';
import { EDITOR_TEXT, TOAST_TEXT } from '../src/shared/messages';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { BLANK_DIAGRAM } from '../src/shared/templates';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { stopClock } from './support/pageClock';
import { recordToasts } from './support/toasts';

test.describe('signed-out editor', () => {
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
  });

  test('starts from the blank diagram with the signed-out header', async ({ page }) => {
    await expect(editor.title).toHaveValue(BLANK_DIAGRAM.title);
    expect(await editor.text()).toBe(BLANK_DIAGRAM.content);
    const header = page.getByTestId(EDITOR_TESTIDS.header);
    await expect(header.getByText('Lifeline', { exact: true })).toBeVisible();
    for (const name of ['Save Copy', 'Share', 'Export', 'New', 'Sign In', 'Theme']) {
      await expect(header.getByRole('button', { name, exact: true })).toBeVisible();
    }
  });

  test('takes focus on load, with spell-check off', async () => {
    await expect(editor.content).toBeFocused();
    await expect(editor.content).toHaveAttribute('spellcheck', 'false');
  });

  test('shows the placeholder when empty', async ({ page }) => {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Delete');
    await expect(page.locator('.cm-placeholder')).toHaveText(EDITOR_TEXT.placeholder);
  });

  test('Tab inserts four spaces', async ({ page }) => {
    await editor.setText('');
    await editor.content.click();
    await page.keyboard.press('Tab');
    await page.keyboard.type('x');
    await expect.poll(() => editor.text()).toBe('    x');
    await expect(editor.content).toBeFocused();
  });

  test('Escape then Tab moves focus out of the editor', async ({ page }) => {
    await editor.content.click();
    // Escape lets the next Tab leave the editor for 2 s (CodeMirror's tab-focus mode). Both keys
    // are sent at once, in order, as a person presses them: awaiting each press on a busy
    // machine once took over those 2 s between them.
    await Promise.all([page.keyboard.press('Escape'), page.keyboard.press('Tab')]);
    await expect(editor.content).not.toBeFocused();
    expect(await editor.text()).toBe(BLANK_DIAGRAM.content);
  });

  test('an empty title becomes Untitled on blur', async () => {
    await editor.title.fill('');
    await editor.title.blur();
    await expect(editor.title).toHaveValue(EDITOR_TEXT.untitled);
  });

  test('keeps the draft across a reload (pendingDiagramContent)', async ({ page }) => {
    await editor.title.fill('Checkout flow');
    await editor.setText(`${BLANK_DIAGRAM.content}\n    User->>System: Pay`);
    await expect
      .poll(async () =>
        JSON.parse((await editor.storageItem(STORAGE_KEYS.pendingDiagramContent)) ?? '{}'),
      )
      .toEqual({
        title: 'Checkout flow',
        content: `${BLANK_DIAGRAM.content}\n    User->>System: Pay`,
      });
    await page.reload();
    await expect(editor.title).toHaveValue('Checkout flow');
    await expect.poll(() => editor.text()).toContain('User->>System: Pay');
  });

  test('Save Copy keeps the diagram, shows the toast and goes to sign-in', async ({ page }) => {
    const toasts = await recordToasts(page);
    await editor.title.fill('My flow');
    await editor.button('Save Copy').click();
    await expect
      .poll(() => toasts.texts())
      .toContainEqual(expect.stringContaining(TOAST_TEXT.signInRequiredTitle));
    expect(toasts.texts()).toContainEqual(expect.stringContaining(TOAST_TEXT.signInRequired));
    expect(TOAST.signInRequiredMs).toBe(4000);
    await page.waitForURL(
      (url) => url.pathname === '/auth/google' && url.search === '?redirect=%2Ftry',
    );
    expect(
      JSON.parse((await editor.storageItem(STORAGE_KEYS.pendingDiagramSave)) ?? 'null'),
    ).toEqual({
      title: 'My flow',
      content: BLANK_DIAGRAM.content,
    });
    expect(await editor.storageItem(STORAGE_KEYS.authRedirectPath)).toBe('/try');
  });

  test('Sign In goes to Google sign-in with the current path', async ({ page }) => {
    await editor.button('Sign In').click();
    await page.waitForURL(
      (url) => url.pathname === '/auth/google' && url.search === '?redirect=%2Ftry',
    );
  });

  test('Share explains that sharing needs sign-in', async ({ page }) => {
    await editor.button('Share').click();
    const dialog = page.getByRole('dialog', { name: 'Share Diagram' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Make diagram public' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Sign in locally' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
});

test('typing renders nothing in the header, sidebar or preview per key', async ({ page }) => {
  // Counts React's renders through the hook React DevTools would use (e2e/support).
  await page.addInitScript({
    path: fileURLToPath(new URL('./support/react-renders.js', import.meta.url)),
  });
  const editor = new EditorPage(page);
  await editor.open();
  // A drawing that takes a second or more: the burst of keys below ends before many drawings
  // come back, so the preview's own updates (a new drawing, its status) stay well under one a key.
  await editor.setText(`${denseFlowchart('keys')}\n`);
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok', {
    timeout: 60_000,
  });
  await editor.focusEnd();
  await page.evaluate(() => window.__reactRenders.start());
  const typed = '%% typed one key at a time';
  await page.keyboard.type(typed);
  await expect.poll(() => editor.text()).toMatch(new RegExp(`${typed}$`));
  const { renders } = await page.evaluate(() => window.__reactRenders.stop());
  const perKey = Object.entries(renders).filter(
    ([part, count]) => /^(header|sidebar|preview):/.test(part) && count >= typed.length / 2,
  );
  expect(perKey).toEqual([]);
});

test('an idle editor animates nothing: the caret blinks by a timer, and not at all with reduced motion', async ({
  page,
}) => {
  // A CSS animation on the caret kept the compositor drawing a frame at every display tick while
  // the editor had focus (about 4 % of a core, idle); the timer changes the caret twice in 1.2 s.
  await page.clock.install();
  const editor = new EditorPage(page);
  await editor.open();
  await expect(editor.content).toBeFocused();
  // From here the page's time moves only as the test moves it: a busy machine's own pace cannot
  // slip a blink in between two looks.
  await stopClock(page);
  const caret = page.locator('.cm-cursorLayer');
  const animations = () =>
    page.evaluate(() =>
      document
        .querySelector('.cm-editor')!
        .getAnimations({ subtree: true })
        .map((animation) => (animation as CSSAnimation).animationName),
    );
  const opacity = () => caret.evaluate((layer) => getComputedStyle(layer).opacity);

  await page.keyboard.press('End');
  expect(await animations()).toEqual([]);
  expect(await opacity()).toBe('1');
  await page.clock.runFor(600);
  expect(await opacity()).toBe('0');
  await page.clock.runFor(600);
  expect(await opacity()).toBe('1');
  await page.clock.runFor(600);
  // A key shows the caret at once and starts its blink anew.
  await page.keyboard.type('x');
  expect(await opacity()).toBe('1');
  expect(await animations()).toEqual([]);

  // Reduced motion: the caret stands still, shown (checked again when focus comes back).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await editor.title.focus();
  await editor.content.focus();
  await page.clock.runFor(3_000);
  expect(await opacity()).toBe('1');
  expect(await animations()).toEqual([]);
});
