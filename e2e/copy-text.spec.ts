import { expect, test, type Page } from '@playwright/test';
import { readFixture } from '../test/fixtures/diagrams';
import { SMALL_TXT } from '../test/fixtures/text-drawings';
import { EXPORT_TEXT } from '../src/shared/messages';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EditorPage } from './support/editorPage';
import { toastLocator } from './support/toasts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function copy(page: Page, item: string, text: string) {
  const editor = new EditorPage(page);
  await editor.setText(text);
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute(
    'data-shown-length',
    String(text.length),
  );
  await page.getByTestId(EXPORT_TESTIDS.button).click();
  await page.getByTestId(item).click();
}

test('Export → Copy as text puts the drawing on the clipboard, with one toast', async ({
  page,
}) => {
  const editor = new EditorPage(page);
  await editor.open();
  await copy(page, EXPORT_TESTIDS.format.txt, readFixture('small.mmd'));
  await expect(toastLocator(page)).toContainText(EXPORT_TEXT.textCopied('text'));
  await expect(toastLocator(page)).toHaveCount(1);
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text).toBe(`${SMALL_TXT}\n`);

  // A flowchart is drawn by the library, in the same worker; ASCII has no box characters.
  await copy(page, EXPORT_TESTIDS.format.ascii, readFixture('flow.mmd'));
  await expect(toastLocator(page)).toContainText(EXPORT_TEXT.textCopied('ASCII'));
  const ascii = await page.evaluate(() => navigator.clipboard.readText());
  expect(ascii).toContain('| Is it working? |');
  expect(ascii).toMatch(/^[\x20-\x7e\n]*$/);
});

test('a diagram kind without text output says so in the toast', async ({ page }) => {
  const editor = new EditorPage(page);
  await editor.open();
  await copy(page, EXPORT_TESTIDS.format.txt, 'pie\n  "a": 1\n  "b": 2');
  await expect(toastLocator(page)).toContainText(EXPORT_TEXT.textFailed);
  await expect(toastLocator(page)).toContainText('not for pie');
});
