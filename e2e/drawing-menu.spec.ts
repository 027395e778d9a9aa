/**
 * Edit by drawing: the drawing's context menu writes the text. A right-click on a message, a
 * participant or a block offers named items; each is one edit of the text (one Ctrl+Z takes it
 * back), a refusal says why, and the menu is a keyboard-operable ARIA menu that gives the
 * keyboard back.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { PREVIEW_COPY } from '../src/client/features/preview/copy';
import { DRAWING_SAMPLE } from './support/drawingSample';
import { EditorPage } from './support/editorPage';
import { drawnUpToDate, previewFrame, renderFrame } from './support/previewFrame';
import { toastLocator } from './support/toasts';

const COPY = PREVIEW_COPY.menu;
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const TEXT = DRAWING_SAMPLE;

const message = (page: Page, label: string) =>
  previewFrame(page).locator('text.messageText', { hasText: label });
const menu = (page: Page) => previewFrame(page).getByRole('menu');

async function openWith(page: Page, text: string): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.open();
  await editor.setText(text);
  await drawnUpToDate(page);
  await expect(message(page, 'charge')).toBeVisible();
  return editor;
}

test.describe('the drawing’s context menu', () => {
  test('Reverse direction writes the text, and one Ctrl+Z takes it back', async ({ page }) => {
    const editor = await openWith(page, TEXT);
    // Typing first: the right-click must hand the keyboard back to the editor.
    await editor.focusEnd();
    await message(page, 'charge').click({ button: 'right' });
    await expect(menu(page)).toHaveAccessibleName(COPY.message('Web', 'Api'));
    await menu(page).getByRole('menuitem', { name: COPY.reverse }).click();
    await expect(menu(page)).toHaveCount(0);
    const reversed = TEXT.replace('Web->>Api: charge', 'Api->>Web: charge');
    await expect.poll(() => editor.text()).toBe(reversed);
    // The focus went back to the editor, so Ctrl+Z undoes the gesture at once.
    await expect(editor.content).toBeFocused();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(TEXT);
  });

  test('a refusal shows its reason and leaves the text alone', async ({ page }) => {
    const editor = await openWith(page, TEXT);
    await previewFrame(page)
      .locator('text.loopText', { hasText: 'every minute' })
      .click({ button: 'right' });
    await expect(menu(page)).toHaveAccessibleName(COPY.block('loop'));
    await menu(page)
      .getByRole('menuitem', { name: COPY.addBranch(null) })
      .click();
    await expect(toastLocator(page)).toContainText(PREVIEW_COPY.drawingNotChanged);
    await expect(toastLocator(page)).toContainText(
      'A loop has no branches; only alt (else), par (and) and critical (option) do.',
    );
    expect(await editor.text()).toBe(TEXT);
  });

  test('works by keyboard: Shift+F10, arrows, a page of arrows, Escape', async ({ page }) => {
    const editor = await openWith(page, TEXT);
    // The cursor on the message's line highlights it in the drawing; the drawing takes the keys.
    await editor.content.locator('.cm-line').nth(4).click();
    await expect(previewFrame(page).locator('.lifeline-highlight').first()).toBeAttached();
    await previewFrame(page).locator('#stage').focus();
    await page.keyboard.press('Shift+F10');
    await expect(menu(page)).toBeVisible();
    const first = menu(page).getByRole('menuitem').first();
    await expect(first).toBeFocused();
    await expect(first).toHaveText(COPY.editLabel);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(menu(page).getByRole('menuitem', { name: COPY.changeArrow })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    const arrows = previewFrame(page).getByRole('menu', { name: COPY.changeArrow });
    await expect(arrows.getByRole('menuitemradio', { name: COPY.arrows['->>'] })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // Escape in a page goes back to the first page; Escape there closes the menu.
    await page.keyboard.press('Escape');
    await expect(menu(page).getByRole('menuitem', { name: COPY.changeArrow })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(previewFrame(page).locator('#stage')).toBeFocused();
    await page.keyboard.press('Shift+F10');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter'); // Dotted arrow
    await expect.poll(() => editor.text()).toBe(TEXT.replace('Web->>Api', 'Web-->>Api'));
  });

  test('keys on the highlighted message: Alt+↓ moves it, Delete deletes it', async ({ page }) => {
    const editor = await openWith(page, TEXT);
    await editor.content.locator('.cm-line').nth(4).click();
    await expect(previewFrame(page).locator('.lifeline-highlight').first()).toBeAttached();
    await previewFrame(page).locator('#stage').focus();
    await page.keyboard.press('Alt+ArrowDown');
    const inside = TEXT.replace(
      '    Web->>Api: charge\n    loop every minute\n',
      '    loop every minute\n        Web->>Api: charge\n',
    );
    await expect.poll(() => editor.text()).toBe(inside);
    // The cursor followed the message, so the next key acts on it again.
    await drawnUpToDate(page);
    await page.keyboard.press('Alt+ArrowDown');
    const last = TEXT.replace('    Web->>Api: charge\n', '').replace(
      'status\n',
      'status\n        Web->>Api: charge\n',
    );
    await expect.poll(() => editor.text()).toBe(last);
    await drawnUpToDate(page);
    await page.keyboard.press('Delete');
    await expect.poll(() => editor.text()).toBe(TEXT.replace('    Web->>Api: charge\n', ''));
  });

  test('rename a participant everywhere, and delete one after confirming', async ({ page }) => {
    const editor = await openWith(page, TEXT);
    const api = previewFrame(page).locator('rect.actor-top[name="Api"]');
    await api.click({ button: 'right', position: { x: 12, y: 12 } });
    await menu(page).getByRole('menuitem', { name: COPY.rename }).click();
    const form = previewFrame(page).getByRole('dialog', { name: COPY.rename });
    await form.getByLabel(COPY.renameLabel('Api')).fill('Billing');
    await form.getByLabel(COPY.renameLabel('Api')).press('Enter');
    const renamed = TEXT.replaceAll('Api', 'Billing');
    await expect.poll(() => editor.text()).toBe(renamed);

    await drawnUpToDate(page);
    await previewFrame(page)
      .locator('rect.actor-top[name="Billing"]')
      .click({ button: 'right', position: { x: 12, y: 12 } });
    await menu(page).getByRole('menuitem', { name: COPY.deleteParticipant }).click();
    await menu(page)
      .getByRole('menuitem', { name: COPY.confirmDelete('Billing', 3) })
      .click();
    await expect
      .poll(() => editor.text())
      .toBe(
        [
          'sequenceDiagram',
          '    %% the card is charged once',
          '    participant Web',
          '    loop every minute',
          '    end',
        ].join('\n'),
      );
  });

  test('a long press on touch opens the menu', async ({ page }) => {
    await openWith(page, TEXT);
    await message(page, 'status').evaluate((element) => {
      const { left, top } = element.getBoundingClientRect();
      element.dispatchEvent(
        new PointerEvent('pointerdown', {
          pointerType: 'touch',
          bubbles: true,
          clientX: left + 4,
          clientY: top + 4,
        }),
      );
    });
    await expect(menu(page)).toHaveAccessibleName(COPY.message('Api', 'Web'));
  });

  test('axe finds no serious or critical violation in the open menu, light or dark', async ({
    page,
  }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openWith(page, TEXT);
      await message(page, 'charge').click({ button: 'right' });
      await expect(menu(page)).toBeVisible();
      // axe runs inside the render frame, on the menu (the page's own checks leave the frame out).
      const frame = await renderFrame(page);
      await frame.evaluate(AXE_SOURCE);
      const result = await frame.evaluate(
        (tags) =>
          (
            globalThis as unknown as {
              axe: { run(context: string, options: object): Promise<AxeResults> };
            }
          ).axe.run('.drawing-menu', { runOnly: { type: 'tag', values: tags } }),
        ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
      );
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => v.id)).toEqual([]);
      expect(result.passes.length).toBeGreaterThan(0);
    }
  });
});
