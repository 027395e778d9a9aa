/**
 * A change the live server refuses (a paste past the document's size) while the person keeps
 * typing: the editor says what happened, takes the server's text again, offers the person's own
 * text back, and never says Saved for text the server does not hold.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { refusedKey } from '../src/client/diagram/saving/unsavedBackup';
import { startAppProcess, type AppProcess } from '../test/support/app-process';
import { createDiagram, openDiagram, person, serverText } from './support/people';

const START = 'sequenceDiagram\n    Alice->>Bob: Hello';
/** The smallest document cap the server takes: a 70,000-character paste passes it. */
const DOCUMENT_MAX_BYTES = 65_536;
const PASTE = `\n    Note over Alice: ${'x'.repeat(70_000)}`;
const EDITS = [1, 2, 3, 4, 5].map((n) => `\n    Bob->>Alice: typed after ${n}`);

const status = (page: Page) => page.getByTestId(SAVING_TESTIDS.status);

/** Every save state the page shows from now on, with whether the editor held the paste then. */
async function recordStates(page: Page): Promise<void> {
  await page.evaluate((testId) => {
    const seen: { state: string; pasted: boolean }[] = [];
    (window as unknown as { seenStates: typeof seen }).seenStates = seen;
    const element = document.querySelector(`[data-testid="${testId}"]`)!;
    const note = () => {
      const content = document.querySelector('.cm-content') as
        | (Element & { cmTile?: { root?: { view?: { state: { doc: { toString(): string } } } } } })
        | null;
      const text = content?.cmTile?.root?.view?.state.doc.toString() ?? '';
      seen.push({
        state: element.getAttribute('data-state') ?? '',
        pasted: text.includes('xxxxx'),
      });
    };
    new MutationObserver(note).observe(element, { attributeFilter: ['data-state'] });
    note();
  }, SAVING_TESTIDS.status);
}

test.describe('a refused live change', () => {
  test.describe.configure({ timeout: 180_000 });
  let app: AppProcess;

  test.beforeAll(async () => {
    app = await startAppProcess({
      entry: 'built',
      env: {
        DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-refused-')),
        LIVE_DOCUMENT_MAX_BYTES: String(DOCUMENT_MAX_BYTES),
        SIGN_INS_PER_MINUTE: '100000',
      },
    });
  });
  test.afterAll(async () => {
    await app?.kill();
  });

  test('is told, resyncs to the server and offers the text back', async ({ browser }) => {
    const owner = await person(browser, 'Rita Refused', app.url);
    const diagram = await createDiagram(owner, 'Refused', START);
    await openDiagram(owner, diagram.id);
    await expect(status(owner.page)).toHaveAttribute('data-live', 'online');
    await recordStates(owner.page);

    await owner.editor.focusEnd();
    await owner.page.keyboard.insertText(PASTE);
    // Typing goes on at once: these build on the refused paste.
    for (const edit of EDITS) await owner.page.keyboard.insertText(edit);
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();

    const banner = owner.page.getByTestId(SAVING_TESTIDS.restoreBanner);
    await expect(banner).toContainText(SAVING_COPY.refusedTitle);
    await expect(banner).toContainText(SAVING_COPY.refusedBody['too-large']);
    await expect(banner.getByTestId(SAVING_TESTIDS.restore)).toBeVisible();

    // The editor shows what the server holds again, and the server never took the paste.
    // (Compared as booleans: a failure would otherwise print 70,000 characters.) The server's
    // text is read again each time: edits typed after the paste may still reach it meanwhile.
    await expect
      .poll(async () => (await owner.editor.text()) === (await serverText(owner.page, diagram.id)))
      .toBe(true);
    const held = await serverText(owner.page, diagram.id);
    expect(held.includes('xxxxx')).toBe(false);
    // The person's own text is kept on this device: every edit is there or on the server.
    const user = (await (await owner.page.request.get('/api/user')).json()) as { id: number };
    const kept = JSON.parse(
      (await owner.editor.storageItem(refusedKey(user.id, diagram.id))) ?? '{}',
    ) as { content?: string };
    expect(kept.content?.includes(PASTE)).toBe(true);
    for (const edit of EDITS) expect(`${kept.content}${held}`.includes(edit)).toBe(true);

    // Saved only ever for text without the paste (the server never held it).
    const seen = await owner.page.evaluate(
      () => (window as unknown as { seenStates: { state: string; pasted: boolean }[] }).seenStates,
    );
    expect(seen.filter(({ state, pasted }) => state === 'saved' && pasted)).toEqual([]);
    await owner.context.close();
  });
});
