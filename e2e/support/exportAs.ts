import { expect, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { EXPORT_TEXT } from '../../src/shared/messages';
import { EXPORT_TESTIDS } from '../../src/client/features/export/testIds';
import { toastLocator } from './toasts';

/** Exports the preview through the Export menu; the downloaded file's name and bytes. */
export async function exportAs(page: Page, format: 'SVG' | 'PNG' | 'PDF') {
  await page.getByTestId(EXPORT_TESTIDS.button).click();
  await expect(page.getByRole('menu')).toContainText('Choose Format');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format, exact: true }).click(),
  ]);
  await expect(toastLocator(page)).toContainText(EXPORT_TEXT.success(format));
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}
