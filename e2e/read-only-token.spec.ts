/**
 * Making a read-only API token in the API Token dialog, by keyboard: the new token's access is
 * chosen in the regenerate confirmation, the dialog shows it, and the API then lets the token
 * read and draw but refuses it every change. axe-core finds nothing serious on the open choice.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { API_TOKEN_TEXT } from '../src/shared/messages';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { API_TOKEN_COPY, API_TOKEN_TESTIDS } from '../src/client/features/api-token/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { READ_ONLY_TOKEN } from '../src/server/api-tokens/bearer';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator } from './support/toasts';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SEQUENCE = 'sequenceDiagram\n  A->>B: from a script';

for (const scheme of ['light', 'dark'] as const) {
  test(`makes a read-only token by keyboard and the API refuses it changes (${scheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInLocally(page, `${uniqueLogin('readonly')}@example.test`);
    await page.goto('/');
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
    await page.getByTestId(AUTH_TESTIDS.apiToken).click();
    const field = page.getByTestId(API_TOKEN_TESTIDS.token);
    await expect(field).toHaveValue(/^ll_/);
    const first = await field.inputValue();
    const badge = page.getByTestId(API_TOKEN_TESTIDS.scope);
    await expect(badge).toHaveText(API_TOKEN_COPY.scopes.full.name);

    await page.getByTestId(API_TOKEN_TESTIDS.regenerate).focus();
    await page.keyboard.press('Enter');
    const full = page.getByRole('radio', { name: API_TOKEN_COPY.scopes.full.name });
    const readOnly = page.getByRole('radio', { name: API_TOKEN_COPY.scopes.read.name });
    await expect(full).toBeChecked();
    await expect(page.getByRole('group', { name: API_TOKEN_COPY.scopeLegend })).toBeVisible();
    const axe = await new AxeBuilder({ page }).withTags(TAGS).exclude('iframe').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => v.id)).toEqual([]);

    await full.focus();
    await page.keyboard.press('ArrowDown');
    await expect(readOnly).toBeChecked();
    await page.getByTestId(API_TOKEN_TESTIDS.confirm).focus();
    await page.keyboard.press('Enter');
    await expect(toastLocator(page)).toContainText(API_TOKEN_TEXT.regeneratedTitle);
    await expect(field).not.toHaveValue(first);
    await expect(badge).toHaveText(API_TOKEN_COPY.scopes.read.name);
    const token = await field.inputValue();
    const headers = { Authorization: `Bearer ${token}` };

    const created = await page.request.post('/api/v1/diagrams', {
      headers,
      data: { content: SEQUENCE },
    });
    expect(created.status()).toBe(403);
    expect(await created.json()).toEqual({ error: READ_ONLY_TOKEN });
    expect((await page.request.get('/api/v1/diagrams', { headers })).status()).toBe(200);
    const drawn = await page.request.post('/api/v1/convert', {
      headers,
      data: { content: SEQUENCE, format: 'svg' },
    });
    expect(drawn.status()).toBe(200);
    expect(await drawn.text()).toContain('<svg');
  });
}
