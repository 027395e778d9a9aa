/**
 * A collaborator whose access goes away while the diagram is open: removed by the owner, or made
 * a viewer. The open connection is told at once; they are told so (never 'Auto-save failed'), the
 * editor turns read-only, text that had not reached the server (typed with auto-save off) stays
 * on the device (after a reload too) and can be saved as a diagram of their own.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { TOAST_TEXT } from '../src/shared/messages';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { SHARE_TESTIDS } from '../src/client/features/share/copy';
import { HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { EditorPage } from './support/editorPage';
import { withoutLiveConnection } from './support/live';
import { LOCAL_APP } from './support/servers';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator as toasts } from './support/toasts';
import { autoSaveOff } from './support/saving';

test.use({ baseURL: LOCAL_APP });

const banner = (page: Page) => page.getByTestId(SAVING_TESTIDS.accessLostBanner);
const START = 'sequenceDiagram\n    Olive->>Team: Plan';

async function person(browser: Browser, email: string, name: string) {
  const context = await browser.newContext({ baseURL: LOCAL_APP });
  const page = await context.newPage();
  await signInLocally(page, email, name);
  const me = (await (await page.request.get('/api/user')).json()) as { id: number };
  return { context, page, id: me.id };
}

async function openEditor(page: Page, id?: number): Promise<EditorPage> {
  await page.goto(id === undefined ? '/' : `/?diagramId=${id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  return new EditorPage(page);
}

/**
 * An owner with a diagram shared with an editor who has it open, typed into it and auto-saved.
 * `live: false`: the editor's live connection never opens, so no socket tells them of a change.
 */
async function sharedAndEditing(browser: Browser, { live = true } = {}) {
  const tag = uniqueLogin('lost');
  const owner = await person(browser, `owner-${tag}@example.test`, 'Olive Owner');
  const editorEmail = `editor-${tag}@example.test`;
  const editor = await person(browser, editorEmail, 'Eddie Editor');
  const title = `Team plan ${tag}`;
  const created = await owner.page.request.post('/api/diagrams', {
    data: { title, content: START },
  });
  const { id } = (await created.json()) as { id: number };
  const added = await owner.page.request.post(`/api/diagrams/${id}/collaborators`, {
    data: { email: editorEmail, role: 'editor' },
  });
  expect(added.status()).toBe(201);
  const collaboratorId = ((await added.json()) as { id: number }).id;

  const page = editor.page;
  if (!live) await withoutLiveConnection(page);
  const ed = await openEditor(page, id);
  await expect(ed.title).toHaveValue(title);
  await ed.focusEnd();
  await page.keyboard.type('\n    Team-->>Olive: Agreed');
  await expect
    .poll(async () => {
      const stored = await owner.page.request.get(`/api/diagrams/${id}`);
      return ((await stored.json()) as { content: string }).content;
    })
    .toContain('Agreed');
  return { owner, editor, ed, id, title, collaboratorId, editorEmail };
}

/** Turns auto-save off and types text that stays on this device until saved. */
async function typeUnsent(page: Page, ed: EditorPage) {
  await autoSaveOff(page);
  await ed.focusEnd();
  await page.keyboard.type('\n    Team-->>Olive: Mine to keep');
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute('data-state', 'unsaved');
}

/** After access changed: the notice, no auto-save failure, read-only, the unsent text kept. */
async function expectNotice(page: Page, ed: EditorPage, reason: 'removed' | 'viewer') {
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toHaveAttribute('data-reason', reason);
  const [title, description] =
    reason === 'removed'
      ? [SAVING_COPY.accessRemovedTitle, SAVING_COPY.accessRemoved]
      : [SAVING_COPY.viewOnlyTitle, SAVING_COPY.viewOnly];
  await expect(banner(page)).toContainText(description);
  await expect(toasts(page).filter({ hasText: title })).toContainText(description);
  await expect(toasts(page).filter({ hasText: TOAST_TEXT.autoSaveFailedTitle })).toHaveCount(0);
  // Read-only now: typing changes nothing, and the text typed before is still there.
  await ed.focusEnd();
  await page.keyboard.type('ignored');
  expect(await ed.text()).toContain('Mine to keep');
  expect(await ed.text()).not.toContain('ignored');
}

test('a removed editor is told, keeps their text after a reload, and saves it as a copy', async ({
  browser,
}) => {
  const { owner, editor, ed, id, title, collaboratorId } = await sharedAndEditing(browser);
  const page = editor.page;
  await typeUnsent(page, ed);
  const removed = await owner.page.request.delete(
    `/api/diagrams/${id}/collaborators/${collaboratorId}`,
  );
  expect(removed.status()).toBe(204);

  await expectNotice(page, ed, 'removed');
  await expect(page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveCount(0);
  const key = `lifeline-unsaved:${editor.id}:${id}`;
  await expect.poll(() => ed.storageItem(key)).toContain('Mine to keep');

  // After a reload the diagram cannot be opened, but the kept text is offered.
  await openEditor(page);
  await expect(banner(page)).toContainText(SAVING_COPY.accessRemovedFrom(title));
  expect(await ed.storageItem(key)).toContain('Mine to keep');
  await banner(page).getByTestId(SAVING_TESTIDS.accessLostCopy).click();
  await expect(
    toasts(page).filter({ hasText: SAVING_COPY.pendingCopySaved(`Copy of ${title}`) }),
  ).toBeVisible();
  await expect(ed.title).toHaveValue(`Copy of ${title}`);
  expect(await ed.text()).toContain('Mine to keep');
  await expect(banner(page)).toHaveCount(0);
  const own = (await (await page.request.get('/api/diagrams')).json()) as {
    title: string;
    content: string;
  }[];
  expect(own).toHaveLength(1);
  expect(own[0]).toMatchObject({ title: `Copy of ${title}` });
  expect(own[0]!.content).toContain('Mine to keep');
  expect(await ed.storageItem(key)).toBeNull();
  // The owner's diagram never received the refused text.
  const stored = (await (await owner.page.request.get(`/api/diagrams/${id}`)).json()) as {
    content: string;
  };
  expect(stored.content).not.toContain('Mine to keep');
  await owner.context.close();
  await editor.context.close();
});

test('an editor made a viewer is told, turns read-only and saves their text as a copy', async ({
  browser,
}) => {
  const { owner, editor, ed, id, title, editorEmail } = await sharedAndEditing(browser);
  const page = editor.page;
  await typeUnsent(page, ed);
  const changed = await owner.page.request.post(`/api/diagrams/${id}/collaborators`, {
    data: { email: editorEmail, role: 'viewer' },
  });
  expect(changed.ok()).toBe(true);

  await expectNotice(page, ed, 'viewer');
  await expect(page.getByTestId(SHARE_TESTIDS.accessBadge)).toHaveAttribute(
    'data-access',
    'viewer',
  );
  await expect
    .poll(() => ed.storageItem(`lifeline-unsaved:${editor.id}:${id}`))
    .toContain('Mine to keep');

  await banner(page).getByTestId(SAVING_TESTIDS.accessLostCopy).click();
  await expect(ed.title).toHaveValue(`Copy of ${title}`);
  expect(await ed.text()).toContain('Mine to keep');
  const own = (await (await page.request.get('/api/diagrams')).json()) as { content: string }[];
  expect(own).toHaveLength(1);
  expect(own[0]!.content).toContain('Mine to keep');
  expect(await ed.storageItem(`lifeline-unsaved:${editor.id}:${id}`)).toBeNull();
  await owner.context.close();
  await editor.context.close();
});

test.describe('without a live connection, the dialogs find out', () => {
  test('a removed editor opening History is told, and the dialog closes', async ({ browser }) => {
    const { owner, editor, ed, id, collaboratorId } = await sharedAndEditing(browser, {
      live: false,
    });
    const page = editor.page;
    await typeUnsent(page, ed);
    const removed = await owner.page.request.delete(
      `/api/diagrams/${id}/collaborators/${collaboratorId}`,
    );
    expect(removed.status()).toBe(204);
    // Nothing has told this tab yet.
    await expect(banner(page)).toHaveCount(0);

    await page.getByTestId(HISTORY_TESTIDS.button).click();
    await expect(page.getByTestId(HISTORY_TESTIDS.dialog)).toBeHidden();
    await expectNotice(page, ed, 'removed');
    await owner.context.close();
    await editor.context.close();
  });

  test('an editor made a viewer opening Share is told, and the dialog closes', async ({
    browser,
  }) => {
    const { owner, editor, ed, id, editorEmail } = await sharedAndEditing(browser, {
      live: false,
    });
    const page = editor.page;
    await typeUnsent(page, ed);
    const changed = await owner.page.request.post(`/api/diagrams/${id}/collaborators`, {
      data: { email: editorEmail, role: 'viewer' },
    });
    expect(changed.ok()).toBe(true);
    await expect(banner(page)).toHaveCount(0);

    await page.getByTestId(EDITOR_TESTIDS.share).click();
    await expect(page.getByTestId(SHARE_TESTIDS.dialog)).toBeHidden();
    await expectNotice(page, ed, 'viewer');
    await owner.context.close();
    await editor.context.close();
  });
});
