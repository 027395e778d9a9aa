import { expect, type Page } from '@playwright/test';
import { SAVING_TESTIDS } from '../../src/client/diagram/saving/copy';

/** Auto-save off through the header's switch (desktop widths): edits wait for Save. */
export async function autoSaveOff(page: Page): Promise<void> {
  const toggle = page.getByTestId(SAVING_TESTIDS.autoSaveSwitch);
  if ((await toggle.getAttribute('data-state')) === 'checked') await toggle.click();
  await expect(toggle).toHaveAttribute('data-state', 'unchecked');
}
