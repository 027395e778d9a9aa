import { expect, test, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EXPORT_TEXT } from '../src/shared/messages';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator } from './support/toasts';

/** Records every Content-Security-Policy violation the page reports. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test('the app runs under its Content-Security-Policy without a single violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const landing = await page.goto('/');
  expect(landing?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('link', { name: 'Try the editor' })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto('/try');
  await expect(page.getByTestId('preview')).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'PNG' }).click();
  await download;
  await expect(toastLocator(page)).toContainText(EXPORT_TEXT.success('PNG'));
  expect(await violations()).toEqual([]);

  await signInLocally(page, `${uniqueLogin('csp')}@example.test`);
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('preview')).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
  expect(await violations()).toEqual([]);
});
