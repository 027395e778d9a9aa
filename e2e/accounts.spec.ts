import { expect, test, type Page } from '@playwright/test';
import { LANDING, TOAST_TEXT } from '../src/shared/messages';
import { AUTH_TESTIDS } from '../src/client/features/auth/testIds';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { TYPING_PAUSE_MS } from '../src/client/diagram/saving/autoSavedNotice';
import { EditorPage } from './support/editorPage';
import { stopClock } from './support/pageClock';
import { withoutLiveConnection } from './support/live';
import { LOCAL_APP, OIDC_APP } from './support/servers';
import { completeIssuerLogin, signInLocally, uniqueLogin } from './support/signIn';
import { recordToasts, toastLocator as toast } from './support/toasts';

test.use({ baseURL: OIDC_APP });

async function signedInEditor(page: Page): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  return editor;
}

/** Counts PUTs to a diagram as they leave the browser. */
function countPuts(page: Page): { count: () => number } {
  let puts = 0;
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/api\/diagrams\/\d+$/.test(request.url())) puts += 1;
  });
  return { count: () => puts };
}

test('signs in with the OIDC issuer, saves, auto-saves once per pause, survives a reload, logs out', async ({
  page,
}) => {
  await page.goto('/try');
  await page.getByTestId(EDITOR_TESTIDS.signIn).click();
  await completeIssuerLogin(page, uniqueLogin('ada'));
  await expect(page).toHaveURL(/\/try$/); // the redirect path is honoured
  const editor = await signedInEditor(page);
  await expect(page.getByTestId(AUTH_TESTIDS.avatarMenu)).toBeVisible();

  await editor.title.fill('Payments');
  await editor.button('Save').click();
  // One event, one message: the header says it at this width, no toast repeats it.
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'saved');
  await expect(toast(page).filter({ hasText: TOAST_TEXT.saved })).toHaveCount(0);

  const puts = countPuts(page);
  const toasts = await recordToasts(page);
  const autoSavedCount = () =>
    toasts.texts().filter((text) => text.includes(TOAST_TEXT.autoSavedTitle)).length;
  await editor.focusEnd();
  // The page's time moves only as the test moves it: keys 30 ms apart whatever the machine's pace
  // (a starved browser could hold one key past the pause, and a second toast would be right).
  await page.clock.install();
  await stopClock(page);
  for (const key of '\n    User->>System: Pay now') {
    await page.keyboard.type(key);
    await page.clock.runFor(30);
  }
  await page.clock.runFor(TYPING_PAUSE_MS + 100);
  await expect(toast(page).filter({ hasText: TOAST_TEXT.autoSavedTitle })).toContainText(
    TOAST_TEXT.autoSaved,
  );
  // One toast for the whole burst of typing, whose edits went over the live connection.
  // Absence has no event to wait for: give a second toast the time it would need, then count.
  await page.clock.runFor(TYPING_PAUSE_MS * 2);
  await page.waitForTimeout(500);
  expect(autoSavedCount()).toBe(1);
  expect(puts.count()).toBe(0);
  await page.clock.resume();

  await page.reload();
  const reloaded = await signedInEditor(page);
  await expect(reloaded.title).toHaveValue('Payments');
  expect(await reloaded.text()).toContain('User->>System: Pay now');

  await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
  await page.getByTestId(AUTH_TESTIDS.logout).click();
  await expect(page.getByRole('link', { name: LANDING.signIn })).toBeVisible();
  const me = await page.request.get('/api/user');
  expect(me.status()).toBe(401);
});

test('Save Copy when signed out goes through sign-in and creates the copy', async ({ page }) => {
  await page.goto('/try');
  const editor = new EditorPage(page);
  await expect(editor.content).toBeVisible();
  await editor.title.fill('Onboarding flow');
  await editor.setText('sequenceDiagram\n    Alice->>Bob: Welcome aboard');
  const toasts = await recordToasts(page);
  await editor.button('Save Copy').click();
  await expect
    .poll(() => toasts.texts())
    .toContainEqual(expect.stringContaining(TOAST_TEXT.signInRequiredTitle));
  await completeIssuerLogin(page, uniqueLogin('bea'));
  await expect(page).toHaveURL(/\/try$/);
  const signedIn = await signedInEditor(page);
  await expect(toast(page)).toContainText('Your diagram has been saved as "Onboarding flow"');
  await expect(signedIn.title).toHaveValue('Onboarding flow');
  expect(await signedIn.text()).toContain('Alice->>Bob: Welcome aboard');
  expect(await page.evaluate(() => localStorage.getItem('pendingDiagramSave'))).toBeNull();
  const list = (await (await page.request.get('/api/diagrams')).json()) as { title: string }[];
  expect(list.map((d) => d.title)).toEqual(['Onboarding flow']);
});

test("the header's Sign In brings the signed-out draft along, as the prompt promises", async ({
  page,
}) => {
  await page.goto('/try');
  const editor = new EditorPage(page);
  await expect(editor.content).toBeVisible();
  await editor.focusEnd();
  await page.keyboard.type('\n    Alice->>Bob: typed before signing in', { delay: 20 });
  await expect.poll(() => editor.text()).toContain('typed before signing in');
  await page.getByTestId(EDITOR_TESTIDS.signIn).click();
  await completeIssuerLogin(page, uniqueLogin('eve'));
  await expect(page).toHaveURL(/\/try$/);
  const signedIn = await signedInEditor(page);
  await expect.poll(() => signedIn.text()).toContain('Alice->>Bob: typed before signing in');
  expect(await page.evaluate(() => localStorage.getItem('pendingDiagramSave'))).toBeNull();
});

test('a reload during unsaved edits offers the text back', async ({ page }) => {
  await page.goto('/try');
  await page.getByTestId(EDITOR_TESTIDS.signIn).click();
  await completeIssuerLogin(page, uniqueLogin('cy'));
  const editor = await signedInEditor(page);
  await editor.button('Save').click();
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'saved');
  await page.getByTestId(SAVING_TESTIDS.autoSaveSwitch).click(); // off: the text stays unsaved
  await expect(page.getByTestId(SAVING_TESTIDS.autoSaveSwitch)).toHaveAttribute(
    'data-state',
    'unchecked',
  );
  await editor.focusEnd();
  await page.keyboard.type('\n    System->>User: not yet saved', { delay: 20 });
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'unsaved');

  await page.reload();
  const after = await signedInEditor(page);
  await expect(page.getByTestId(SAVING_TESTIDS.restoreBanner)).toBeVisible();
  expect(await after.text()).not.toContain('not yet saved');
  await page.getByTestId(SAVING_TESTIDS.restore).click();
  expect(await after.text()).toContain('System->>User: not yet saved');
  await expect(page.getByTestId(SAVING_TESTIDS.restoreBanner)).toHaveCount(0);
});

test('a tab saving over REST gets the conflict choice and loses neither text', async ({
  page,
  context,
}) => {
  await page.goto('/try');
  await page.getByTestId(EDITOR_TESTIDS.signIn).click();
  await completeIssuerLogin(page, uniqueLogin('dee'));
  const first = await signedInEditor(page);
  await page.getByTestId(SAVING_TESTIDS.autoSaveSwitch).click();
  await first.title.fill('Shared plan');
  await first.setText('sequenceDiagram\n    A->>B: original');
  await first.button('Save').click();
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'saved');
  const [saved] = (await (await page.request.get('/api/diagrams')).json()) as { id: number }[];
  const id = saved!.id;

  // Live tabs merge as they type (e2e/live.spec.ts); a tab saving over REST, its WebSocket
  // refused, meets the lost-update choice.
  const other = await context.newPage();
  await withoutLiveConnection(other);
  await other.goto(`/?diagramId=${id}`);
  const second = await signedInEditor(other);
  await expect(other).toHaveURL(/\/$/); // the parameter leaves the address
  expect(await second.text()).toContain('A->>B: original');

  await first.setText('sequenceDiagram\n    A->>B: from tab one');
  await first.button('Save').click();
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'saved');

  await second.setText('sequenceDiagram\n    A->>B: from tab two');
  await second.button('Save').click();
  await expect(other.getByTestId(SAVING_TESTIDS.conflictDialog)).toBeVisible();
  await other.getByTestId(SAVING_TESTIDS.keepBoth).click();
  await expect(other.getByTestId(SAVING_TESTIDS.conflictDialog)).toHaveCount(0);

  const all = (await (await page.request.get('/api/diagrams')).json()) as {
    title: string;
    content: string;
  }[];
  expect(all.find((d) => d.title === 'Shared plan')?.content).toContain('from tab one');
  expect(all.find((d) => d.title === 'Shared plan (my version)')?.content).toContain(
    'from tab two',
  );
  await expect(second.title).toHaveValue('Shared plan (my version)');
});

test.describe('local sign-in (no issuer configured)', () => {
  test.use({ baseURL: LOCAL_APP });

  test('the labelled local form signs in and returns to the redirect path', async ({ page }) => {
    await page.goto('/try');
    await page.getByTestId(EDITOR_TESTIDS.signIn).click();
    await expect(page.getByText('Local mode')).toBeVisible();
    await page.getByLabel('Name').fill('Lin');
    await page.getByLabel('E-mail').fill(`${uniqueLogin('lin')}@example.test`);
    await page.getByRole('button', { name: 'Sign in locally' }).click();
    await expect(page).toHaveURL(/\/try$/);
    await signedInEditor(page);
    await page.getByTestId(AUTH_TESTIDS.avatarMenu).click();
    await expect(page.getByRole('menuitem', { name: 'API Token' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  });

  test('an unknown path shows 404 Page Not Found when signed in', async ({ page }) => {
    await signInLocally(page, `${uniqueLogin('nf')}@example.test`);
    await page.goto('/no/such/page');
    await expect(page.getByText('404 Page Not Found')).toBeVisible();
  });
});
