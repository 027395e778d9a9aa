/**
 * The first minute outside the text area: no junk diagrams, confirmations that tell the truth,
 * sign-in that says what will happen, one message per event, the API docs and unknown paths.
 */
import { expect, test, type Page } from '@playwright/test';
import type { DiagramSummary } from '../src/shared/schemas';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { SIDEBAR_TESTIDS, SIDEBAR_TEXT } from '../src/client/features/sidebar/copy';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { SHARE_TEXT } from '../src/client/features/share/copy';
import { TOAST_TEXT } from '../src/shared/messages';
import { OIDC_APP } from './support/servers';
import { signInLocally, uniqueLogin } from './support/signIn';
import { recordToasts, toastLocator } from './support/toasts';

async function openEditor(page: Page): Promise<void> {
  await signInLocally(page, `${uniqueLogin('first')}@example.test`);
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
}

async function listed(page: Page): Promise<DiagramSummary[]> {
  const response = await page.request.get('/api/diagrams');
  expect(response.ok()).toBe(true);
  return (await response.json()) as DiagramSummary[];
}

const status = (page: Page) => page.getByTestId(SAVING_TESTIDS.status);

test.describe('no junk diagrams (item 7)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('an untouched new diagram is never saved, not even when New replaces it', async ({
    page,
  }) => {
    await openEditor(page);
    // Auto-save is on by default: nothing typed is nothing unsaved.
    await expect(page.getByTestId(SAVING_TESTIDS.autoSaveSwitch)).toBeChecked();
    await expect(status(page)).toHaveCount(0);

    await page.getByTestId(EDITOR_TESTIDS.newDiagram).click();
    const chooser = page.getByTestId(TEMPLATE_TESTIDS.dialog);
    await chooser.getByTestId(TEMPLATE_TESTIDS.card).first().click();
    await expect(chooser).toBeHidden();
    // The template opened; nothing was created for the untouched blank diagram before it.
    await expect(page.getByTestId(EDITOR_TESTIDS.title)).not.toHaveValue('New Diagram');
    await expect(status(page)).toHaveCount(0);
    expect(await listed(page)).toEqual([]);
  });

  test('typing in a new diagram creates it once, by auto-save', async ({ page }) => {
    await openEditor(page);
    const content = page.getByTestId(EDITOR_TESTIDS.codeEditor).locator('.cm-content');
    await content.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n    System->>User: Done');
    await expect(status(page)).toHaveText(SAVING_COPY.saved);
    const saved = await listed(page);
    expect(saved.map((diagram) => diagram.title)).toEqual(['New Diagram']);
  });
});

test.describe('delete confirmation (item 9)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('keeps the spec title and says where the diagram goes and for how long', async ({
    page,
  }) => {
    await signInLocally(page, `${uniqueLogin('trashword')}@example.test`);
    const created = await page.request.post('/api/diagrams', {
      data: { title: 'Gone soon', content: 'sequenceDiagram\n    A->>B: Hi' },
    });
    expect(created.status()).toBe(201);
    await page.goto('/');
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    const row = page
      .getByTestId(SIDEBAR_TESTIDS.sidebar)
      .getByTestId(SIDEBAR_TESTIDS.diagram)
      .filter({ hasText: 'Gone soon' });
    await row.hover();
    await row.getByTestId(SIDEBAR_TESTIDS.deleteDiagram).click();
    const confirm = page.getByTestId(SIDEBAR_TESTIDS.confirmDialog);
    await expect(confirm.getByRole('heading')).toHaveText(SIDEBAR_TEXT.deleteDiagramTitle);
    await expect(confirm).toContainText(
      '"Gone soon" moves to Recently deleted, where you can restore it for 30 days. After that it is deleted for good.',
    );
    await expect(confirm).not.toContainText('permanently');
    await expect(confirm).not.toContainText('cannot be undone');
  });
});

test.describe('sign-in says what will happen (item 10)', () => {
  test('without an issuer the landing page and the share dialog offer local sign-in', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign in locally' })).toHaveAttribute(
      'href',
      '/auth/google',
    );
    await expect(page.getByText('Sign in with Google')).toHaveCount(0);
    await page.goto('/try');
    await page.getByTestId(EDITOR_TESTIDS.share).click();
    const dialog = page.getByTestId(EDITOR_TESTIDS.shareDialog);
    await expect(dialog.getByRole('button', { name: 'Sign in locally' })).toBeVisible();
  });

  test('with an issuer the landing page keeps the spec wording', async ({ page }) => {
    await page.goto(`${OIDC_APP}/`);
    await expect(page.getByRole('link', { name: 'Sign in with Google' })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the local sign-in page wears the app's font and ${scheme} colours and fits 390 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/');
      const app = await page.evaluate(() => {
        const style = getComputedStyle(document.body);
        return { font: style.fontFamily, background: style.backgroundColor };
      });
      await page.goto('/auth/google');
      await expect(page.getByRole('heading', { name: 'Sign in to Lifeline' })).toBeVisible();
      const signIn = await page.evaluate(() => ({
        font: getComputedStyle(document.body).fontFamily,
        card: getComputedStyle(document.querySelector('main')!).backgroundColor,
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        cardWidth: document.querySelector('main')!.getBoundingClientRect().width,
      }));
      expect(signIn.font).toBe(app.font);
      expect(signIn.overflow).toBe(0);
      expect(signIn.cardWidth).toBeLessThanOrEqual(390);
      if (scheme === 'dark') expect(signIn.card).toBe('rgb(17, 24, 39)'); // the app's dark card
    });
  }
});

test.describe('one event, one message (item 14)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a save beside the header status raises no toast; on a phone the toast says it', async ({
    page,
  }) => {
    await openEditor(page);
    const toasts = await recordToasts(page);
    await page.getByTestId(EDITOR_TESTIDS.title).fill('Said once');
    await page.getByTestId(EDITOR_TESTIDS.save).click();
    await expect(status(page)).toHaveText(SAVING_COPY.saved);
    await expect.poll(async () => (await listed(page)).length).toBe(1);
    expect(toasts.texts().filter((text) => text.includes(TOAST_TEXT.saved))).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId(EDITOR_TESTIDS.title).fill('Said once on a phone');
    await page.getByTestId(EDITOR_TESTIDS.save).click();
    await expect(toastLocator(page)).toContainText(TOAST_TEXT.saved);
  });

  test('a shared link that leads nowhere says so once, without a toast', async ({ page }) => {
    await page.goto('/d/no-such-token-0123456789');
    await expect(page.getByRole('heading', { name: SHARE_TEXT.notFound })).toBeVisible();
    await expect(toastLocator(page)).toHaveCount(0);
  });

  test('a toast raised in the History dialog leaves its lower part clear', async ({ page }) => {
    await signInLocally(page, `${uniqueLogin('histtoast')}@example.test`);
    const created = (await (
      await page.request.post('/api/diagrams', {
        data: { title: 'Versions', content: 'sequenceDiagram\n    A->>B: one' },
      })
    ).json()) as { id: number };
    const updated = await page.request.put(`/api/diagrams/${created.id}`, {
      data: { title: 'Versions', content: 'sequenceDiagram\n    A->>B: two', isPublic: false },
    });
    expect(updated.ok()).toBe(true);
    await page.goto('/');
    await page.getByTestId(HISTORY_TESTIDS.button).click();
    const dialog = page.getByTestId(HISTORY_TESTIDS.dialog);
    await dialog.getByTestId(HISTORY_TESTIDS.version).nth(1).click();
    await dialog.getByTestId(HISTORY_TESTIDS.restore).click();
    await page.getByTestId(HISTORY_TESTIDS.confirmRestore).click();
    await expect(toastLocator(page)).toContainText('Restored the version from');
    const box = (await dialog.boundingBox())!;
    const toastBox = (await toastLocator(page).boundingBox())!;
    // Nothing of the toast below the dialog's middle: its footer and actions stay in view.
    expect(toastBox.y + toastBox.height).toBeLessThan(box.y + box.height / 2);
  });
});

test.describe('the API reference is part of the product (item 13)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`/api/docs reads well in ${scheme} mode at 1440 and 390 px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/');
      const appBackground = await page.evaluate(
        () => getComputedStyle(document.body).backgroundColor,
      );
      await page.goto('/api/docs');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const back = page.getByRole('link', { name: /Back to Lifeline/ });
      await expect(back).toHaveAttribute('href', '/');
      const looks = await page.evaluate(() => ({
        background: getComputedStyle(document.body).backgroundColor,
        link: getComputedStyle(document.querySelector('a[href="/api/v1/openapi.json"]')!).color,
        text: document.body.innerText,
      }));
      expect(looks.background).toBe(appBackground);
      expect(looks.link).not.toBe('rgb(0, 0, 238)');
      expect(looks.text).not.toMatch(/characters\. not empty/);
      expect(looks.text).not.toMatch(/> 0\s*$/m);
      expect(looks.text.split('at most 1,000,000 characters').length - 1).toBe(1);

      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
    });
  }
});

test.describe('a quiet console (item 15)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  /** Every console error and warning, and every uncaught page error, from now on. */
  function recordConsole(page: Page): string[] {
    const heard: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        heard.push(`${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => heard.push(`pageerror: ${error.message}`));
    return heard;
  }

  /** The preview frame has drawn (its page and scripts loaded, so their warnings had their say). */
  async function expectDrawn(page: Page): Promise<void> {
    const frame = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
    await expect(frame.locator('text.messageText').first()).toBeVisible();
  }

  test('signed out, the landing page and /try print nothing', async ({ page }) => {
    const heard = recordConsole(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/try');
    // The preview frame drawn: its response no longer asks for an agent cluster it cannot have.
    await expect(page.getByTestId(EDITOR_TESTIDS.codeEditor)).toBeVisible();
    await expectDrawn(page);
    // The signed-out pages knew their user without asking for a 401.
    expect(heard).toEqual([]);
  });

  test('signing in and opening the editor prints nothing', async ({ page }) => {
    const heard = recordConsole(page);
    await page.goto('/');
    await page.goto('/auth/google?redirect=%2F');
    await page.getByLabel('Name').fill('Quiet Tester');
    await page.getByLabel('E-mail').fill(`${uniqueLogin('quiet')}@example.test`);
    await page.getByRole('button', { name: 'Sign in locally' }).click();
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await page.reload();
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await expectDrawn(page);
    expect(heard).toEqual([]);
  });
});
