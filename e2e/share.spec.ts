import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import { TOAST_TEXT } from '../src/shared/messages';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { SHARE_COPY, SHARE_TESTIDS, SHARE_TEXT } from '../src/client/features/share/copy';
import { EditorPage } from './support/editorPage';
import { LOCAL_APP, OIDC_APP } from './support/servers';
import { completeIssuerLogin, signInLocally, uniqueLogin } from './support/signIn';
import { recordToasts, toastLocator as toast } from './support/toasts';

// Trace snapshots stall on the busy render frame (see preview.spec.ts).

const dialog = (page: Page) => page.getByTestId(SHARE_TESTIDS.dialog);

async function signedInEditor(page: Page): Promise<EditorPage> {
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  return new EditorPage(page);
}

async function previewDrawn(page: Page): Promise<void> {
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok', {
    timeout: 30_000,
  });
}

async function openShare(page: Page) {
  await page.getByTestId(EDITOR_TESTIDS.share).click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading', { name: SHARE_TEXT.title })).toBeVisible();
  return dialog(page);
}

/** The close button: Escape would first dismiss a toast opened on top of the dialog. */
/** Picks a role in the product's select: opens its list, chooses the option by its words. */
async function chooseRole(page: Page, select: Locator, role: 'viewer' | 'editor') {
  await select.click();
  await page.getByRole('option', { name: SHARE_COPY.roles[role], exact: true }).click();
  await expect(select).toHaveText(SHARE_COPY.roles[role]);
}

async function closeDialog(page: Page) {
  await dialog(page).getByTestId('dialog-close').click();
  await expect(dialog(page)).toHaveCount(0);
}

test.describe('public links (OIDC sign-in)', () => {
  test.use({ baseURL: OIDC_APP, permissions: ['clipboard-read', 'clipboard-write'] });

  test('make public, copy the link, open it signed out, Save Copy through sign-in; private answers Diagram not found', async ({
    page,
    browser,
  }) => {
    const title = `Roadmap ${uniqueLogin('r')}`;
    await page.goto('/try');
    await page.getByTestId(EDITOR_TESTIDS.signIn).click();
    await completeIssuerLogin(page, uniqueLogin('own'));
    const editor = await signedInEditor(page);
    await editor.title.fill(title);
    await editor.setText('sequenceDiagram\n    Alice->>Bob: Ship it');

    // Never saved: the dialog says so, and turning the link on saves the diagram first.
    const share = await openShare(page);
    await expect(share.getByTestId(SHARE_TESTIDS.unsavedNote)).toBeVisible();
    await expect(share.getByTestId(SHARE_TESTIDS.privateHint)).toHaveText(SHARE_TEXT.privateHint);
    const publicSwitch = share.getByRole('switch', { name: SHARE_TEXT.makePublic });
    await publicSwitch.click();
    const linkField = share.getByTestId(SHARE_TESTIDS.link);
    await expect(linkField).toHaveValue(new RegExp(`^${OIDC_APP}/d/[A-Za-z0-9_-]{20,}$`));
    await expect(share.getByTestId(SHARE_TESTIDS.unsavedNote)).toHaveCount(0);
    // Who can open it says what the link does, never "only you" beside a public link.
    const noPeople = share.getByTestId(SHARE_TESTIDS.noPeople);
    await expect(noPeople).toHaveText(SHARE_COPY.noPeoplePublic);
    await publicSwitch.click();
    await expect(noPeople).toHaveText(SHARE_COPY.noPeople);
    await publicSwitch.click();
    await expect(linkField).toHaveValue(new RegExp(`^${OIDC_APP}/d/[A-Za-z0-9_-]{20,}$`));
    await expect(noPeople).toHaveText(SHARE_COPY.noPeoplePublic);
    const link = await linkField.inputValue();

    const copy = share.getByTestId(SHARE_TESTIDS.copyLink);
    await copy.click();
    await expect(toast(page)).toContainText(SHARE_TEXT.linkCopied);
    await expect(copy).toHaveAttribute('data-copied', 'true');
    await expect(copy).toHaveText(SHARE_COPY.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await expect(copy).toHaveAttribute('data-copied', 'false'); // after the 2 s indicator
    await closeDialog(page);

    // A stranger, signed out, in a fresh browser.
    const stranger = await browser.newContext({ baseURL: OIDC_APP });
    const visitor = await stranger.newPage();
    await visitor.goto(link);
    await expect(visitor.getByTestId(SHARE_TESTIDS.sharedEditor)).toBeVisible();
    const shared = new EditorPage(visitor);
    await expect(shared.title).toHaveValue(title);
    expect(await shared.text()).toContain('Alice->>Bob: Ship it');
    await previewDrawn(visitor);
    expect(await visitor.locator('meta[property="og:title"]').getAttribute('content')).toBe(title);

    // Edit locally, then Save Copy: sign-in, back at '/', the copy is made.
    await shared.setText('sequenceDiagram\n    Alice->>Bob: Ship it\n    Bob-->>Alice: Mine now');
    const visitorToasts = await recordToasts(visitor);
    await shared.button('Save Copy').click();
    await expect
      .poll(() => visitorToasts.texts())
      .toContainEqual(expect.stringContaining(TOAST_TEXT.signInRequiredTitle));
    await completeIssuerLogin(visitor, uniqueLogin('vis'));
    await expect(visitor).toHaveURL(`${OIDC_APP}/`);
    const copyEditor = await signedInEditor(visitor);
    await expect(toast(visitor)).toContainText(`Your diagram has been saved as "Copy of ${title}"`);
    await expect(copyEditor.title).toHaveValue(`Copy of ${title}`);
    expect(await copyEditor.text()).toContain('Bob-->>Alice: Mine now');
    const mine = (await (await visitor.request.get('/api/diagrams')).json()) as { title: string }[];
    expect(mine.map((d) => d.title)).toEqual([`Copy of ${title}`]);

    // The owner makes it private: the link now leads nowhere, at once.
    const again = await openShare(page);
    await again.getByRole('switch', { name: SHARE_TEXT.makePublic }).click();
    await expect(again.getByTestId(SHARE_TESTIDS.privateHint)).toBeVisible();
    await expect(again.getByTestId(SHARE_TESTIDS.link)).toHaveCount(0);

    const late = await (await browser.newContext({ baseURL: OIDC_APP })).newPage();
    await late.goto(link);
    await expect(late.getByTestId(SHARE_TESTIDS.notFound)).toBeVisible();
    await expect(late.getByRole('heading', { name: SHARE_TEXT.notFound })).toBeVisible();
    await expect(toast(late)).toHaveCount(0); // the page says it; no toast repeats it
    await stranger.close();
    await late.context().close();
  });
});

/** A signed-in context on the local app (the account exists from then on). */
async function person(browser: Browser, email: string, name: string) {
  const context = await browser.newContext({ baseURL: LOCAL_APP });
  const page = await context.newPage();
  await signInLocally(page, email, name);
  return { context, page };
}

async function openDiagram(page: Page, id: number): Promise<EditorPage> {
  await page.goto(`/?diagramId=${id}`);
  return signedInEditor(page);
}

test.describe('collaborators (local sign-in)', () => {
  test.use({ baseURL: LOCAL_APP });

  test('an editor saves, a viewer reads and saves a copy, removal takes access away', async ({
    browser,
  }) => {
    const tag = uniqueLogin('c');
    const emails = {
      owner: `owner-${tag}@example.test`,
      editor: `editor-${tag}@example.test`,
      viewer: `viewer-${tag}@example.test`,
    };
    const contexts: BrowserContext[] = [];
    const owner = await person(browser, emails.owner, 'Olive Owner');
    const ed = await person(browser, emails.editor, 'Eddie Editor');
    const vi = await person(browser, emails.viewer, 'Vera Viewer');
    contexts.push(owner.context, ed.context, vi.context);

    const title = `Team plan ${tag}`;
    await owner.page.goto('/');
    const ownerEditor = await signedInEditor(owner.page);
    await ownerEditor.title.fill(title);
    await ownerEditor.setText('sequenceDiagram\n    Olive->>Team: Plan');
    await ownerEditor.button('Save').click();
    await expect(owner.page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute(
      'data-state',
      'saved',
    );
    const list = (await (await owner.page.request.get('/api/diagrams')).json()) as {
      id: number;
    }[];
    const id = list[0]!.id;

    const share = await openShare(owner.page);
    const email = share.getByTestId(SHARE_TESTIDS.email);
    const role = share.getByTestId(SHARE_TESTIDS.role);
    const row = (who: string) =>
      share.locator(`[data-testid="${SHARE_TESTIDS.collaborator}"][data-email="${who}"]`);

    // The server's own words on failure.
    await email.fill('not-an-email');
    await share.getByTestId(SHARE_TESTIDS.add).click();
    await expect(share.getByTestId(SHARE_TESTIDS.addError)).toContainText('e-mail');
    await email.fill(emails.owner);
    await share.getByTestId(SHARE_TESTIDS.add).click();
    await expect(share.getByTestId(SHARE_TESTIDS.addError)).toHaveText(
      'You own this diagram; add someone else’s e-mail.',
    );

    await email.fill(emails.editor);
    await chooseRole(owner.page, role, 'editor');
    await share.getByTestId(SHARE_TESTIDS.add).click();
    await expect(row(emails.editor)).toHaveAttribute('data-role', 'editor');
    await expect(share.getByTestId(SHARE_TESTIDS.addError)).toHaveCount(0);
    await expect(email).toHaveValue('');

    // Added as editor by mistake, then changed to viewer in the list.
    await email.fill(emails.viewer);
    await share.getByTestId(SHARE_TESTIDS.add).click();
    await expect(row(emails.viewer)).toHaveAttribute('data-role', 'editor');
    await chooseRole(owner.page, share.getByLabel(SHARE_COPY.roleOf(emails.viewer)), 'viewer');
    await expect(row(emails.viewer)).toHaveAttribute('data-role', 'viewer');
    // The editor's address of the diagram, for the people it is shared with.
    await owner.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await share.getByTestId(SHARE_TESTIDS.copyEditorLink).click();
    await expect(toast(owner.page)).toContainText(SHARE_TEXT.editorLinkCopied);
    const editorLink = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(editorLink).toBe(`${LOCAL_APP}/?diagramId=${id}`);
    await closeDialog(owner.page);

    // The editor follows that link, edits and saves.
    await ed.page.goto(editorLink);
    const edEditor = await signedInEditor(ed.page);
    await expect(edEditor.title).toHaveValue(title);
    await expect(ed.page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveText(
      'Shared by Olive Owner · can edit',
    );
    await edEditor.setText('sequenceDiagram\n    Olive->>Team: Plan\n    Team-->>Olive: Agreed');
    await edEditor.button('Save').click();
    await expect(ed.page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);
    const stored = (await (await owner.page.request.get(`/api/diagrams/${id}`)).json()) as {
      content: string;
    };
    expect(stored.content).toContain('Team-->>Olive: Agreed');
    const edShare = await openShare(ed.page);
    await expect(edShare.getByTestId(SHARE_TESTIDS.ownerOnly)).toContainText('Olive Owner');
    await expect(edShare.getByRole('switch')).toHaveCount(0);
    await expect(edShare.getByTestId(SHARE_TESTIDS.copyEditorLink)).toBeVisible();
    await closeDialog(ed.page);

    // The viewer reads only; Save makes their own copy.
    const viEditor = await openDiagram(vi.page, id);
    await expect(vi.page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveText(
      'Shared by Olive Owner · can view',
    );
    expect(await viEditor.text()).toContain('Team-->>Olive: Agreed');
    await viEditor.focusEnd();
    await vi.page.keyboard.type('typed by viewer');
    expect(await viEditor.text()).not.toContain('typed by viewer');
    const viShare = await openShare(vi.page);
    await expect(viShare.getByTestId(SHARE_TESTIDS.ownerOnly)).toContainText(
      'Only the owner can change',
    );
    await closeDialog(vi.page);
    await viEditor.button('Save').click();
    await expect(toast(vi.page)).toContainText(`Your diagram has been saved as "Copy of ${title}"`);
    await expect(viEditor.title).toHaveValue(`Copy of ${title}`);
    await expect(vi.page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveCount(0);
    const viewerOwn = (await (await vi.page.request.get('/api/diagrams')).json()) as {
      title: string;
    }[];
    expect(viewerOwn.map((d) => d.title)).toEqual([`Copy of ${title}`]);
    expect(
      (await vi.page.request.put(`/api/diagrams/${id}`, { data: { title: 'x' } })).status(),
    ).toBe(403);

    // Removing them takes their access away.
    const last = await openShare(owner.page);
    await last.getByRole('button', { name: SHARE_COPY.remove(emails.editor) }).click();
    await last.getByRole('button', { name: SHARE_COPY.remove(emails.viewer) }).click();
    await expect(last.getByTestId(SHARE_TESTIDS.collaborator)).toHaveCount(0);
    expect((await ed.page.request.get(`/api/diagrams/${id}`)).status()).toBe(404);
    expect((await vi.page.request.get(`/api/diagrams/${id}`)).status()).toBe(404);

    await Promise.all(contexts.map((context) => context.close()));
  });

  test('the owner opening their own link gets their editor on it', async ({ page }) => {
    await signInLocally(page, `${uniqueLogin('self')}@example.test`, 'Sam Self');
    const created = (await (
      await page.request.post('/api/diagrams', {
        data: { title: 'Mine', content: 'sequenceDiagram\n    A->>B: mine' },
      })
    ).json()) as { id: number };
    const shared = (await (
      await page.request.put(`/api/diagrams/${created.id}`, { data: { isPublic: true } })
    ).json()) as { shareToken: string };
    await page.goto(`/d/${shared.shareToken}`);
    const editor = await signedInEditor(page);
    await expect(page).toHaveURL(`${LOCAL_APP}/`);
    await expect(editor.title).toHaveValue('Mine');
    await expect(page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveCount(0);
  });
});
