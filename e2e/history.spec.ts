import { expect, test, type Page } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import type { VersionSummary } from '../src/shared/versions';
import { TEMPLATES } from '../src/shared/templates';
import { EDITOR_COPY } from '../src/client/features/editor/copy';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { HISTORY_COPY, HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { EditorPage } from './support/editorPage';
import { autoSaveOff } from './support/saving';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator } from './support/toasts';

const text = (message: string) =>
  `sequenceDiagram\n    Alice->>Bob: ${message}\n    Bob-->>Alice: ok`;

async function signedInEditor(page: Page): Promise<EditorPage> {
  await signInLocally(page, `${uniqueLogin('hist')}@example.test`, 'History Tester');
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  return new EditorPage(page);
}

async function saveText(page: Page, editor: EditorPage, content: string): Promise<void> {
  await editor.setText(content);
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.unsaved);
  await page.getByTestId(EDITOR_TESTIDS.save).click();
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);
}

test.describe('version history', () => {
  test.use({ viewport: { width: 1400, height: 900 } });

  test('three saves make three versions; the diff shows; restoring the first reaches editor and server', async ({
    page,
  }) => {
    test.slow();
    const editor = await signedInEditor(page);
    await autoSaveOff(page);
    await expect(page.getByTestId(HISTORY_TESTIDS.button)).toHaveCount(0); // not saved yet
    await editor.title.fill('Checkout');
    for (const message of ['first', 'second', 'third']) await saveText(page, editor, text(message));

    const [saved] = (await (await page.request.get('/api/diagrams')).json()) as Diagram[];
    expect(saved).toMatchObject({ title: 'Checkout', content: text('third') });

    await page.getByTestId(HISTORY_TESTIDS.button).click();
    const dialog = page.getByTestId(HISTORY_TESTIDS.dialog);
    await expect(dialog.getByRole('heading', { name: HISTORY_COPY.title })).toBeVisible();
    const versions = dialog.getByTestId(HISTORY_TESTIDS.version);
    await expect(versions).toHaveCount(3);
    expect(
      await versions.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind'))),
    ).toEqual(['manual', 'manual', 'created']);
    await expect(versions.first()).toContainText('just now');
    await expect(versions.first()).toContainText('by History Tester');

    // The newest version is drawn at first.
    const preview = dialog.getByTestId(PREVIEW_TESTIDS.root);
    await expect(preview).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
    // It is the editor's text: restoring it would change nothing, so it is not offered.
    await expect(dialog.getByTestId(HISTORY_TESTIDS.restore)).toHaveCount(0);
    await expect(dialog.getByTestId(HISTORY_TESTIDS.isCurrent)).toHaveText(HISTORY_COPY.isCurrent);

    // The first version against the editor's text.
    await versions.last().click();
    await expect(versions.last()).toHaveAttribute('aria-current', 'true');
    await dialog.getByTestId(HISTORY_TESTIDS.showChanges).click();
    const diff = dialog.getByRole('list', { name: HISTORY_COPY.diffLabel });
    await expect(diff).toBeVisible();
    await expect(diff.getByTestId(HISTORY_TESTIDS.diffAdded)).toHaveText([
      `${HISTORY_COPY.diffLegendVersion}:    Alice->>Bob: first`,
    ]);
    await expect(diff.getByTestId(HISTORY_TESTIDS.diffRemoved)).toHaveText([
      `${HISTORY_COPY.diffLegendCurrent}:    Alice->>Bob: third`,
    ]);
    await dialog.getByTestId(HISTORY_TESTIDS.showDrawing).click();
    await expect(dialog.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok', {
      timeout: 30_000,
    });

    await dialog.getByTestId(HISTORY_TESTIDS.restore).click();
    const confirm = page.getByRole('dialog', { name: HISTORY_COPY.confirmTitle });
    await expect(confirm).toBeVisible();
    await confirm.getByTestId(HISTORY_TESTIDS.confirmRestore).click();
    await expect(toastLocator(page)).toContainText('Restored the version from');
    await expect(confirm).toBeHidden();

    await expect.poll(() => editor.text()).toBe(text('first'));
    await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);
    const server = (await (await page.request.get(`/api/diagrams/${saved!.id}`)).json()) as Diagram;
    expect(server.content).toBe(text('first'));
    await expect(versions).toHaveCount(4);
    await expect(versions.first()).toHaveAttribute('data-kind', 'restore');
    const list = (await (
      await page.request.get(`/api/diagrams/${saved!.id}/versions`)
    ).json()) as VersionSummary[];
    expect(list.map((v) => v.kind)).toEqual(['restore', 'manual', 'manual', 'created']);

    // Closing goes back to the editor, where the restored text can be saved on as usual.
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    await saveText(page, editor, text('fourth'));
  });
});

test.describe('replacing unsaved text asks first', () => {
  test('signed out: a template over typed text asks, and Keep editing keeps it', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open();
    const mine = 'sequenceDiagram\n    Me->>You: my own words';
    await editor.setText(mine);
    const template = TEMPLATES[1]!;
    const chooseTemplate = async () => {
      await editor.button('New').click();
      await page.getByTestId(TEMPLATE_TESTIDS.card).filter({ hasText: template.title }).click();
    };

    await chooseTemplate();
    const question = page.getByRole('dialog', { name: EDITOR_COPY.discardTitle });
    await expect(question).toContainText(EDITOR_COPY.discardSignedOut);
    await question.getByTestId(EDITOR_TESTIDS.discardKeep).click();
    await expect(question).toBeHidden();
    expect(await editor.text()).toBe(mine);

    await chooseTemplate();
    await question.getByTestId(EDITOR_TESTIDS.discardContinue).click();
    await expect.poll(() => editor.text()).toBe(template.content);

    // A template as chosen is nobody's work: the next choice does not ask.
    await editor.button('New').click();
    await page.getByRole('button', { name: 'Blank diagram' }).click();
    await expect(question).toHaveCount(0);
    await expect.poll(() => editor.text()).not.toBe(template.content);
  });

  test('signed in: New saves the current diagram first, and asks only when that save fails', async ({
    page,
    context,
  }) => {
    test.slow();
    const editor = await signedInEditor(page);
    await autoSaveOff(page);
    await editor.title.fill('Kept by saving');
    await saveText(page, editor, text('saved'));
    await editor.setText(text('edited, not saved yet'));

    // Online: the edit is saved, then the template opens, with no question.
    await editor.button('New').click();
    await page.getByTestId(TEMPLATE_TESTIDS.card).first().click();
    await expect.poll(() => editor.text()).toBe(TEMPLATES[0]!.content);
    await expect(page.getByRole('dialog', { name: EDITOR_COPY.discardTitle })).toHaveCount(0);
    const [kept] = (await (await page.request.get('/api/diagrams')).json()) as Diagram[];
    expect(kept).toMatchObject({ title: 'Kept by saving', content: text('edited, not saved yet') });

    // Offline: the save fails, so the user is asked before the text is replaced.
    await editor.setText(text('typed while offline'));
    await context.setOffline(true);
    await editor.button('New').click();
    await page.getByTestId(TEMPLATE_TESTIDS.card).nth(2).click();
    const question = page.getByRole('dialog', { name: EDITOR_COPY.discardTitle });
    await expect(question).toContainText('could not be saved');
    await question.getByTestId(EDITOR_TESTIDS.discardKeep).click();
    expect(await editor.text()).toBe(text('typed while offline'));
    await context.setOffline(false);
  });
});
