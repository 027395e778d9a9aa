import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import type { Diagram, Folder } from '../src/shared/schemas';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { SIDEBAR_TESTIDS } from '../src/client/features/sidebar/copy';
import { TRANSFER_COPY, TRANSFER_TESTIDS } from '../src/client/features/transfer/copy';
import { signInLocally, uniqueLogin } from './support/signIn';
import { toastLocator as toast } from './support/toasts';

test.use({ viewport: { width: 1280, height: 800 } });

async function openEditor(page: Page, seed?: () => Promise<void>): Promise<void> {
  await signInLocally(page, `${uniqueLogin('transfer')}@example.test`);
  await seed?.();
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
}

async function post<T>(page: Page, url: string, data: object): Promise<T> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

/** Everything a user keeps, by folder name: what must survive export → wipe → import. */
async function account(page: Page) {
  const folders = (await (await page.request.get('/api/folders')).json()) as Folder[];
  const diagrams = (await (await page.request.get('/api/diagrams')).json()) as Diagram[];
  const name = new Map(folders.map((f) => [f.id, f.name]));
  return {
    folders: folders.map((f) => f.name).sort(),
    diagrams: diagrams
      .map((d) => ({
        title: d.title,
        folder: d.folderId === null ? null : (name.get(d.folderId) ?? '?'),
        content: d.content,
      }))
      .sort((a, b) => `${a.folder}/${a.title}`.localeCompare(`${b.folder}/${b.title}`)),
  };
}

const sidebar = (page: Page) => page.getByTestId(SIDEBAR_TESTIDS.sidebar);

test('Export all, wipe the account through the API, Import the zip: everything is back', async ({
  page,
}) => {
  test.slow();
  await openEditor(page, async () => {
    const billing = await post<Folder>(page, '/api/folders', { name: 'Billing' });
    const ops = await post<Folder>(page, '/api/folders', { name: 'Ops: night/day' });
    await post<Folder>(page, '/api/folders', { name: 'Empty' });
    await post(page, '/api/diagrams', {
      title: 'Checkout',
      content: 'sequenceDiagram\n    Zoë->>Shop: 日本語 ✓\n',
      folderId: billing.id,
    });
    await post(page, '/api/diagrams', {
      title: 'checkout',
      content: 'graph TD\r\n  A-->B',
      folderId: billing.id,
    });
    await post(page, '/api/diagrams', {
      title: 'Pager? <rota>',
      content: 'graph LR',
      folderId: ops.id,
    });
    await post(page, '/api/diagrams', { title: '../Root', content: '', folderId: null });
  });
  const before = await account(page);
  expect(before.diagrams).toHaveLength(4);

  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(TRANSFER_TESTIDS.exportAll).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lifeline-diagrams-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = await download.path();
  await expect(toast(page)).toContainText(TRANSFER_COPY.exported);

  // Wipe through the API.
  for (const d of (await (await page.request.get('/api/diagrams')).json()) as Diagram[]) {
    expect((await page.request.delete(`/api/diagrams/${d.id}`)).status()).toBe(204);
  }
  for (const f of (await (await page.request.get('/api/folders')).json()) as Folder[]) {
    expect((await page.request.delete(`/api/folders/${f.id}`)).status()).toBe(204);
  }
  expect(await account(page)).toEqual({ folders: [], diagrams: [] });

  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  await page.getByTestId(TRANSFER_TESTIDS.import).click();
  const dialog = page.getByTestId(TRANSFER_TESTIDS.dialog);
  await expect(dialog.getByRole('heading', { name: TRANSFER_COPY.dialogTitle })).toBeVisible();
  await page.getByTestId(TRANSFER_TESTIDS.fileInput).setInputFiles({
    name: download.suggestedFilename(),
    mimeType: 'application/zip',
    buffer: readFileSync(zipPath),
  });
  await expect(page.getByTestId(TRANSFER_TESTIDS.fileList)).toContainText(
    download.suggestedFilename(),
  );
  await page.getByTestId(TRANSFER_TESTIDS.submit).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page)).toContainText(TRANSFER_COPY.imported(4));

  expect(await account(page)).toEqual(before);
  // The sidebar refetched: the folders are listed again.
  for (const name of ['Billing', 'Ops: night/day', 'Empty']) {
    await expect(
      sidebar(page).getByTestId(SIDEBAR_TESTIDS.folder).filter({ hasText: name }),
    ).toBeVisible();
  }
  await expect(
    sidebar(page).getByTestId(SIDEBAR_TESTIDS.diagram).filter({ hasText: '../Root' }),
  ).toBeVisible();
});

/** Drops files (made in the page) onto the sidebar the way a desktop drag does. */
async function dropFiles(page: Page, files: { name: string; text?: string; bytes?: number[] }[]) {
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const body = file.bytes ? new Uint8Array(file.bytes) : (file.text ?? '');
      transfer.items.add(new File([body], file.name));
    }
    return transfer;
  }, files);
  const target = sidebar(page);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(page.getByTestId(TRANSFER_TESTIDS.dropOverlay)).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByTestId(TRANSFER_TESTIDS.dropOverlay)).toBeHidden();
}

test('dropping files on the sidebar imports them; a bad file is refused by name', async ({
  page,
}) => {
  await openEditor(page);
  await dropFiles(page, [
    { name: 'Login.mmd', text: 'sequenceDiagram\n  U->>S: login' },
    {
      name: 'notes.md',
      text: '# Runbook\n```mermaid\ngraph TD\n  A-->B\n```\n\n## Escalation\n```mermaid\ngraph LR\n```',
    },
  ]);
  await expect(toast(page)).toContainText(TRANSFER_COPY.imported(3));
  for (const title of ['Login', 'Runbook', 'Escalation']) {
    await expect(
      sidebar(page).getByTestId(SIDEBAR_TESTIDS.diagram).filter({ hasText: title }),
    ).toBeVisible();
  }

  await dropFiles(page, [
    { name: 'fine.mmd', text: 'graph TD' },
    { name: 'photo.mmd', bytes: [0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13] },
  ]);
  await expect(toast(page)).toContainText(TRANSFER_COPY.importFailed);
  await expect(toast(page)).toContainText('"photo.mmd" is not a text file');
  const titles = ((await (await page.request.get('/api/diagrams')).json()) as Diagram[]).map(
    (d) => d.title,
  );
  expect(titles.sort()).toEqual(['Escalation', 'Login', 'Runbook']);
});

test('the Import dialog shows unsupported files and the server’s refusal', async ({ page }) => {
  await openEditor(page);
  await page.getByTestId(TRANSFER_TESTIDS.menu).click();
  await page.getByTestId(TRANSFER_TESTIDS.import).click();
  const input = page.getByTestId(TRANSFER_TESTIDS.fileInput);
  await input.setInputFiles({
    name: 'picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from([1, 2]),
  });
  await expect(page.getByTestId(TRANSFER_TESTIDS.fileList)).toContainText(
    TRANSFER_COPY.unsupported,
  );
  await expect(page.getByTestId(TRANSFER_TESTIDS.submit)).toBeDisabled();
  await page.getByRole('button', { name: TRANSFER_COPY.remove('picture.png') }).click();

  await input.setInputFiles({
    name: 'huge.mmd',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'.repeat(1_000_001)),
  });
  await page.getByTestId(TRANSFER_TESTIDS.submit).click();
  await expect(page.getByTestId(TRANSFER_TESTIDS.error)).toContainText('"huge.mmd" is too long');
  await expect(page.getByTestId(TRANSFER_TESTIDS.dialog)).toBeVisible();
  expect(await (await page.request.get('/api/diagrams')).json()).toEqual([]);
});
