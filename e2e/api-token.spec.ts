import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { API_TOKEN_TEXT } from '../src/shared/messages';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { API_TOKEN_TESTIDS } from '../src/client/features/api-token/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator } from './support/toasts';

async function openTokenDialog(page: Page): Promise<string> {
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
  await page.getByRole('menuitem', { name: 'API Token' }).click();
  const field = page.getByTestId(API_TOKEN_TESTIDS.token);
  await expect(field).toHaveValue(/^ll_/);
  return field.inputValue();
}

const createWith = (page: Page, token: string) =>
  page.request.post('/api/v1/diagrams', {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: 'sequenceDiagram\n  A->>B: from a script' },
  });

test('copy, regenerate through the confirmation, and the old token stops working', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInLocally(page, `${uniqueLogin('tok')}@example.test`);
  const first = await openTokenDialog(page);

  await page.getByTestId(API_TOKEN_TESTIDS.copy).click();
  await expect(toastLocator(page)).toContainText(API_TOKEN_TEXT.copiedTitle);
  await expect(toastLocator(page)).toContainText(API_TOKEN_TEXT.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

  expect((await createWith(page, first)).status()).toBe(201);
  await page.getByTestId(API_TOKEN_TESTIDS.regenerate).click();
  await expect(page.getByText(API_TOKEN_TEXT.confirmRegenerate)).toBeVisible();
  await page.getByTestId(API_TOKEN_TESTIDS.confirm).click();
  await expect(toastLocator(page)).toContainText(API_TOKEN_TEXT.regeneratedTitle);
  await expect(toastLocator(page)).toContainText(API_TOKEN_TEXT.regenerated);
  const field = page.getByTestId(API_TOKEN_TESTIDS.token);
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();

  const old = await createWith(page, first);
  expect(old.status()).toBe(401);
  expect(await old.json()).toHaveProperty('error');
  expect((await createWith(page, second)).status()).toBe(201);
});

test('the documented curl example, run as written, returns a PNG', async ({ page }) => {
  await signInLocally(page, `${uniqueLogin('curl')}@example.test`);
  await openTokenDialog(page);
  const example = await page.getByTestId(API_TOKEN_TESTIDS.curl).innerText();
  expect(example).toContain(new URL(page.url()).origin);

  const dir = mkdtempSync(join(tmpdir(), 'lifeline-curl-'));
  execFileSync('bash', ['-c', example], { cwd: dir, stdio: 'pipe' });
  const png = PNG.sync.read(readFileSync(join(dir, 'diagram.png')));
  expect([png.width, png.height]).toEqual([1200, 630]);
});
