import { expect, type Page } from '@playwright/test';
import { ISSUER } from './servers';

/** A login unique to this test, so tests never share an account. */
export function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

/** Fills the real issuer's login form (any password) and waits to be sent back to the app. */
export async function completeIssuerLogin(page: Page, login: string): Promise<void> {
  await page.waitForURL((url) => url.origin === ISSUER);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.waitForURL((url) => url.origin !== ISSUER);
}

/** Signs in through the local sign-in form's endpoint (the app without an issuer). */
export async function signInLocally(
  page: Page,
  email: string,
  name = 'Local Tester',
): Promise<void> {
  const response = await page.request.post('/auth/local', {
    form: { name, email, redirect: '/' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(303);
}
