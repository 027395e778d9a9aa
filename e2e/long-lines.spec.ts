/**
 * A long line in the editor, typed as a person types it: with wrapping on (the default) it wraps
 * and the editor never scrolls sideways; with wrapping turned off the editor scrolls to show the
 * cursor, and comes back to the line starts whenever the cursor is near one.
 */
import { expect, test, type Page } from '@playwright/test';
import { EDITOR_COPY } from '../src/client/features/editor/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { EditorPage } from './support/editorPage';

// Trace snapshots would wait on a busy render frame (as in preview.spec.ts).

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const LONG_LINE = `    Alice->>Bob: ${'a rather long message that keeps going '.repeat(8).trim()}`;
const TEXT = `sequenceDiagram\n    Alice->>Bob: Hello\n${LONG_LINE}`;

/** What the person sees of the editor's sideways scroll and of the first line's start. */
async function sideways(page: Page) {
  return page.getByTestId(EDITOR_TESTIDS.codeEditor).evaluate((host) => {
    const scroller = host.querySelector('.cm-scroller');
    const gutters = host.querySelector('.cm-gutters');
    const first = host.querySelector('.cm-line');
    if (!scroller || !gutters || !first) throw new Error('no editor');
    // The first line's first character, where it is drawn.
    const range = document.createRange();
    range.setStart(first.firstChild?.firstChild ?? first.firstChild ?? first, 0);
    range.setEnd(first.firstChild?.firstChild ?? first.firstChild ?? first, 1);
    const start = range.getBoundingClientRect();
    const page = document.scrollingElement ?? document.documentElement;
    return {
      scrollLeft: scroller.scrollLeft,
      overflow: scroller.scrollWidth - scroller.clientWidth,
      pageOverflow: page.scrollWidth - window.innerWidth,
      // The first line's start is in view: right of the line numbers, inside the editor.
      firstLineStartVisible:
        first.textContent?.startsWith('sequenceDiagram') === true &&
        start.left >= gutters.getBoundingClientRect().right - 0.5 &&
        start.right <= scroller.getBoundingClientRect().right,
    };
  });
}

/** Turns "Wrap long lines" off through the menu a person uses at this width. */
async function turnWrappingOff(page: Page, phone: boolean) {
  await page.getByRole('button', { name: phone ? 'More actions' : 'Theme' }).click();
  const item = page.getByRole('menuitemcheckbox', { name: EDITOR_COPY.wrapLines });
  await expect(item).toHaveAttribute('aria-checked', 'true');
  await item.click();
  await expect(item).toHaveAttribute('aria-checked', 'false');
  await page.keyboard.press('Escape');
}

for (const viewport of [DESKTOP, PHONE]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a long line wraps: no sideways scroll, and every line start stays in view', async ({
      page,
    }) => {
      const editor = new EditorPage(page);
      await editor.open();
      await editor.setText(TEXT);
      await editor.focusEnd();
      await page.keyboard.type(' and then some more', { delay: 60 });
      await expect.poll(() => editor.text()).toBe(`${TEXT} and then some more`);
      const seen = await sideways(page);
      expect(seen.scrollLeft).toBe(0);
      expect(seen.overflow).toBeLessThanOrEqual(0);
      expect(seen.pageOverflow).toBeLessThanOrEqual(0);
      expect(seen.firstLineStartVisible).toBe(true);
    });

    test('with wrapping off (kept on reload), going to a line start shows the line starts again', async ({
      page,
    }) => {
      test.slow(); // a reload and three rounds of typing
      const editor = new EditorPage(page);
      await editor.open();
      await turnWrappingOff(page, viewport === PHONE);
      expect(await editor.storageItem(STORAGE_KEYS.editorLineWrap)).toBe('false');
      await page.reload();
      await expect(editor.content).toBeVisible();
      await page
        .getByRole('button', { name: viewport === PHONE ? 'More actions' : 'Theme' })
        .click();
      await expect(
        page.getByRole('menuitemcheckbox', { name: EDITOR_COPY.wrapLines }),
      ).toHaveAttribute('aria-checked', 'false');
      await page.keyboard.press('Escape');

      await editor.setText(TEXT);
      await editor.focusEnd();
      await page.keyboard.type(' and more', { delay: 60 });
      // Unwrapped, the editor scrolls sideways to show the cursor at the long line's end.
      await expect.poll(async () => (await sideways(page)).scrollLeft).toBeGreaterThan(0);

      // Home: the line's start, and with it every line's start.
      await page.keyboard.press('Home');
      await expect.poll(async () => (await sideways(page)).scrollLeft).toBe(0);
      expect((await sideways(page)).firstLineStartVisible).toBe(true);

      // A new line after the long one: its cursor is near the start, so the starts show.
      await page.keyboard.press('End');
      await expect.poll(async () => (await sideways(page)).scrollLeft).toBeGreaterThan(0);
      await page.keyboard.press('Enter');
      await page.keyboard.type('Bob->>Alice: Fine', { delay: 60 });
      await expect.poll(() => editor.text()).toBe(`${TEXT} and more\n    Bob->>Alice: Fine`);
      await expect.poll(async () => (await sideways(page)).scrollLeft).toBe(0);
      expect((await sideways(page)).firstLineStartVisible).toBe(true);
    });
  });
}
