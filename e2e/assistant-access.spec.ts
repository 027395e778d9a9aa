/**
 * An assistant connecting by URL, as a person sees it in Chromium: the authorization request
 * lands on the consent page (through sign-in when signed out), Allow sends the browser back to
 * the assistant's address with a code, the code buys a token that /mcp takes, and the API token
 * dialog lists the assistant and disconnects it (its token is then refused).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ASSISTANT_TESTIDS, ASSISTANTS_COPY } from '../src/client/features/assistant-access/copy';
import { API_TOKEN_TESTIDS } from '../src/client/features/api-token/copy';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { authorizationRequest, CALLBACK } from './support/assistants';
import { LOCAL_APP } from './support/servers';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator } from './support/toasts';

test.use({ trace: 'off' });

const callMcp = (request: APIRequestContext, token: string) =>
  request.post('/mcp', {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });

async function openTokenDialog(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
  await page.getByTestId(AUTH_TESTIDS.apiToken).click();
  await expect(page.getByTestId(API_TOKEN_TESTIDS.dialog)).toBeVisible();
}

test('Allow sends a code to the assistant; the dialog lists it and disconnects it', async ({
  page,
}) => {
  await signInLocally(page, `${uniqueLogin('assist')}@example.test`);
  const asked = await authorizationRequest(page.request, 'Claude Desktop');
  await page.goto(asked.url);
  await expect(page).toHaveURL(/\/oauth\/consent\?request=/);
  await expect(page.getByTestId(ASSISTANT_TESTIDS.consentName)).toHaveText(
    'Allow Claude Desktop to use your diagrams?',
  );
  await expect(page.getByTestId(ASSISTANT_TESTIDS.consentTarget)).toHaveText(
    new URL(LOCAL_APP).host,
  );
  await expect(page.getByText('Create, change, share and delete your diagrams')).toBeVisible();

  await page.getByTestId(ASSISTANT_TESTIDS.allow).click();
  await page.waitForURL((url) => url.pathname === '/assistant-callback');
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('from-the-assistant');
  const code = landed.searchParams.get('code');
  expect(code).toBeTruthy();

  const exchanged = await page.request.post('/oauth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: asked.clientId,
      code: code!,
      code_verifier: asked.verifier,
      redirect_uri: CALLBACK,
    },
  });
  expect(exchanged.status()).toBe(200);
  const { access_token: token } = (await exchanged.json()) as { access_token: string };
  expect((await callMcp(page.request, token)).status()).toBe(200);

  await openTokenDialog(page);
  const item = page.getByTestId(ASSISTANT_TESTIDS.item).filter({ hasText: 'Claude Desktop' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(ASSISTANTS_COPY.scopes.full);
  await item.getByTestId(ASSISTANT_TESTIDS.revoke).click();
  await expect(toastLocator(page)).toContainText(ASSISTANTS_COPY.revoked('Claude Desktop'));
  await expect(item).toHaveCount(0);
  await expect(page.getByText(ASSISTANTS_COPY.empty)).toBeVisible();
  expect((await callMcp(page.request, token)).status()).toBe(401);
});

test('Deny sends a refusal; signed out, sign-in comes back to the same question', async ({
  page,
}) => {
  const asked = await authorizationRequest(page.request, 'Careful Assistant');
  await page.goto(asked.url);
  await page.getByTestId(ASSISTANT_TESTIDS.consentSignIn).click();
  await page.getByLabel('Name').fill('Consenting Person');
  await page.getByLabel('E-mail').fill(`${uniqueLogin('deny')}@example.test`);
  await page.getByRole('button', { name: 'Sign in locally' }).click();
  await expect(page.getByTestId(ASSISTANT_TESTIDS.consentName)).toHaveText(
    'Allow Careful Assistant to use your diagrams?',
  );
  await page.getByTestId(ASSISTANT_TESTIDS.deny).click();
  await page.waitForURL((url) => url.pathname === '/assistant-callback');
  const landed = new URL(page.url());
  expect(landed.searchParams.get('error')).toBe('access_denied');
  expect(landed.searchParams.get('code')).toBeNull();
});
