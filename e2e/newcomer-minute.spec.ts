/**
 * A newcomer's minute (the invariant): at 1440 and 390 px, light and dark, a person who has never
 * been here types a diagram key by key, opens the templates, presents, exports, shares and signs
 * in with the draft. It fails on any overlay over the caret while typing, on focus leaving the
 * editor while typing or leaving present mode while presenting, on more than one message for one
 * event, and on any sideways scroll of the page.
 */
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { PRESENT_TESTIDS } from '../src/client/features/present/copy';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { EditorPage, TRY_PATH } from './support/editorPage';
import { OIDC_APP } from './support/servers';
import { completeIssuerLogin, uniqueLogin } from './support/signIn';
import { recordToasts, type ToastRecord } from './support/toasts';

test.use({ baseURL: OIDC_APP });

const TYPED = ['Alice->>Bob: Hello Bob', 'Bob-->>Alice: Hi Alice'];

/** What is wrong at the caret after a key: focus elsewhere, or something drawn over it. */
function caretTrouble(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const active = document.activeElement;
    if (!active?.closest('.cm-editor')) {
      const name = active ? `${active.tagName} ${active.getAttribute('aria-label') ?? ''}` : '';
      return `focus left the editor for ${name}`;
    }
    const cursor = document.querySelector('.cm-cursor-primary, .cm-cursor');
    const box = cursor?.getBoundingClientRect();
    if (!box || box.height === 0) return null; // the caret blinks: no box between blinks
    const x = box.left + Math.max(box.width, 1) / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    if (top && !top.closest('.cm-editor')) {
      const what = top.closest('[data-testid]')?.getAttribute('data-testid') ?? top.tagName;
      return `the caret is covered by ${what}`;
    }
    return null;
  });
}

/** The page scrolls sideways when its content is wider than the window. */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(root.scrollWidth, document.body.scrollWidth) - window.innerWidth;
  });
}

/** Runs one person's action and checks it told them at most one thing and left no scroll. */
async function step(page: Page, toasts: ToastRecord, what: string, action: () => Promise<void>) {
  const before = toasts.texts().length;
  await action();
  // Messages of this event arrive within a moment of it.
  await page.waitForTimeout(600);
  const told = toasts.texts().slice(before);
  expect(told.length, `${what} showed ${told.length} messages: ${told.join(' | ')}`).toBeLessThan(
    2,
  );
  expect(await sidewaysScroll(page), `${what} made the page scroll sideways`).toBeLessThanOrEqual(
    0,
  );
}

/** The header's action, or on a phone the same item in its labelled menu. */
async function headerAction(page: Page, phone: boolean, testId: string, menuItem: string) {
  if (!phone) return page.getByTestId(testId).click();
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: menuItem, exact: true }).click();
}

const SIZES = [
  { width: 1440, height: 900, phone: false },
  { width: 390, height: 844, phone: true },
];

for (const { width, height, phone } of SIZES) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test.describe(`at ${width} px, ${colorScheme}`, () => {
      test.use({ viewport: { width, height }, colorScheme, hasTouch: phone });

      test("a newcomer's minute: type, templates, present, export, share, sign in with the draft", async ({
        page,
      }) => {
        test.setTimeout(180_000);
        const toasts = await recordToasts(page);
        const editor = new EditorPage(page);
        await page.goto(TRY_PATH);
        await expect(editor.content).toBeVisible();
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

        // Typing: every key lands in the editor, nothing covers the caret.
        await editor.focusEnd();
        for (const line of TYPED) {
          await page.keyboard.press('Enter');
          for (const char of line) {
            await page.keyboard.type(char);
            const trouble = await caretTrouble(page);
            expect(trouble, `after typing "${char}" of "${line}"`).toBeNull();
          }
        }
        await expect.poll(async () => (await editor.text()).trimEnd()).toMatch(/Hi Alice$/);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

        // The templates: opened and left with Escape, the typed text kept.
        await step(page, toasts, 'opening the templates', async () => {
          await headerAction(page, phone, EDITOR_TESTIDS.newDiagram, 'New');
          const discard = page.getByTestId(EDITOR_TESTIDS.discardDialog);
          const templates = page.getByTestId(TEMPLATE_TESTIDS.dialog);
          await expect(discard.or(templates)).toBeVisible();
          if (await discard.isVisible()) {
            await page.getByTestId(EDITOR_TESTIDS.discardKeep).click();
            await expect(discard).toBeHidden();
            return;
          }
          await page.keyboard.press('Escape');
          await expect(templates).toBeHidden();
        });
        expect(await editor.text()).toContain('Bob-->>Alice: Hi Alice');

        // Present: focus stays in the presentation until Escape gives it back.
        await step(page, toasts, 'presenting', async () => {
          await headerAction(page, phone, PRESENT_TESTIDS.button, 'Present');
          const view = page.getByTestId(PRESENT_TESTIDS.view);
          await expect(view).toBeVisible();
          for (const key of ['ArrowRight', 'ArrowRight', 'Tab', 'Tab', 'Shift+Tab']) {
            await page.keyboard.press(key);
            const inside = await view.evaluate((root) => root.contains(document.activeElement));
            expect(inside, `focus left present mode after ${key}`).toBe(true);
          }
          await page.keyboard.press('Escape');
          await expect(view).toBeHidden();
          // The dialog gives focus back a task after it closes: wait for it, never for long.
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none'), {
              message: 'leaving present mode put focus nowhere',
            })
            .not.toBe('BODY');
        });

        // Export: one file and one message.
        await step(page, toasts, 'exporting an SVG', async () => {
          if (phone) await page.getByRole('button', { name: 'More actions' }).click();
          else await page.getByTestId(EXPORT_TESTIDS.button).click();
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('menuitem', { name: 'SVG', exact: true }).click(),
          ]);
          expect(download.suggestedFilename()).toMatch(/\.svg$/);
        });

        // Share, signed out: it asks to sign in, and signing in brings the draft along.
        await step(page, toasts, 'sharing signed out', async () => {
          await headerAction(page, phone, EDITOR_TESTIDS.share, 'Share');
          await expect(page.getByTestId(EDITOR_TESTIDS.shareDialog)).toBeVisible();
        });
        await page.getByTestId(EDITOR_TESTIDS.shareSignIn).click();
        await completeIssuerLogin(page, uniqueLogin('newcomer'));
        await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute(
          'data-ready',
          'true',
        );
        await expect.poll(() => editor.text()).toContain('Bob-->>Alice: Hi Alice');
        await page.waitForTimeout(600);
        const afterSignIn = toasts.texts().filter((text) => /saved|signed/i.test(text));
        expect(afterSignIn.length, afterSignIn.join(' | ')).toBeLessThan(2);
        expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      });
    });
  }
}
