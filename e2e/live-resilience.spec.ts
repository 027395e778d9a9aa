/**
 * Live co-editing when the connection goes: a participant offline keeps editing (and keeps their
 * edits across a closed tab) and merges on reconnect; a server killed mid-session and started
 * again loses nothing anyone was told was saved, nor what was typed while it was down; a live
 * session that connects late leaves the caret where the person put it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { LIVE_PATH } from '../src/shared/live';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { LIVE_TESTIDS } from '../src/client/features/editor/presence/copy';
import { startAppProcess, type AppProcess } from '../test/support/app-process';
import { freePort } from '../test/support/free-port';
import { EditorPage } from './support/editorPage';
import { withoutLiveConnection } from './support/live';
import { autoSaveOff } from './support/saving';
import {
  addCollaborator,
  createDiagram,
  openDiagram,
  person,
  serverText,
  type Person,
} from './support/people';

const START = 'sequenceDiagram\n    Alice->>Bob: Hello';

const status = (page: Page) => page.getByTestId(SAVING_TESTIDS.status);

/** An owner and an editor collaborator, both with one new diagram open. */
async function twoOnOneDiagram(browser: Parameters<typeof person>[0], baseURL?: string) {
  const owner = await person(browser, 'Olga Owner', baseURL);
  const editor = await person(browser, 'Emil Editor', baseURL);
  const diagram = await createDiagram(owner, 'Resilient', START);
  await addCollaborator(owner, diagram.id, editor, 'editor');
  for (const who of [owner, editor]) await openDiagram(who, diagram.id);
  for (const who of [owner, editor]) await expect.poll(() => who.editor.text()).toBe(START);
  // Both share the server's live copy: only from here is an edit made offline kept on the device
  // (before it, the unsaved-text backup keeps it).
  for (const who of [owner, editor]) {
    await expect(status(who.page)).toHaveAttribute('data-live', 'online');
  }
  return { owner, editor, id: diagram.id };
}

async function typeLine(who: Person, line: string): Promise<void> {
  await who.editor.focusEnd();
  await who.page.keyboard.insertText(`\n    ${line}`);
}

test.describe('live co-editing without a connection', () => {
  test.describe.configure({ timeout: 180_000 });

  test('edits made offline survive a closed tab and merge on reconnect', async ({ browser }) => {
    const { owner, editor, id } = await twoOnOneDiagram(browser);

    await editor.context.setOffline(true);
    await expect(status(editor.page)).toHaveAttribute('data-state', 'offline');
    await typeLine(editor, 'Bob->>Alice: typed offline');
    await typeLine(owner, 'Alice->>Bob: typed online');
    await expect.poll(() => serverText(owner.page, id)).toContain('typed online');
    expect(await owner.editor.text()).not.toContain('typed offline');

    // The tab closes while offline: the edit lives on in this browser's storage.
    await editor.page.waitForTimeout(500);
    await editor.page.close();
    await editor.context.setOffline(false);
    editor.page = await editor.context.newPage();
    editor.editor = new EditorPage(editor.page);
    await openDiagram(editor, id);

    for (const who of [owner, editor]) {
      await expect.poll(() => who.editor.text()).toContain('typed offline');
      await expect.poll(() => who.editor.text()).toContain('typed online');
    }
    await expect.poll(() => serverText(owner.page, id)).toContain('typed offline');
    expect(await owner.editor.text()).toBe(await editor.editor.text());
    await owner.context.close();
    await editor.context.close();
  });

  test('a save over HTTP still in flight when the live connection first syncs is made once', async ({
    browser,
  }) => {
    const owner = await person(browser, 'Sal Saver');
    const diagram = await createDiagram(owner, 'Saved once', START);
    const { page } = owner;
    // The live connection is refused until the test lets it through.
    let liveAllowed = false;
    await page.routeWebSocket(
      (url) => url.pathname === LIVE_PATH,
      (ws) => {
        if (liveAllowed) ws.connectToServer();
        else ws.close({ code: 1011, reason: 'not yet' });
      },
    );
    // The save over HTTP is held until the live connection has synced.
    let releasePut: () => void = () => undefined;
    const putHeld = new Promise<void>((resolve) => {
      void page.route(`**/api/diagrams/${diagram.id}`, async (route) => {
        if (route.request().method() !== 'PUT') return route.fallback();
        resolve();
        await new Promise<void>((release) => (releasePut = release));
        await route.fallback();
      });
    });
    await openDiagram(owner, diagram.id);
    await expect.poll(() => owner.editor.text()).toBe(START);
    await autoSaveOff(page);

    const saved = `${START}\n    Bob->>Alice: saved over HTTP`;
    await typeLine(owner, 'Bob->>Alice: saved over HTTP');
    await page.getByTestId(EDITOR_TESTIDS.save).click();
    await putHeld;
    liveAllowed = true;
    await expect(status(page)).toHaveAttribute('data-live', 'online', { timeout: 30_000 });
    releasePut();

    await expect(status(page)).toHaveAttribute('data-state', 'saved');
    await expect.poll(() => serverText(page, diagram.id)).toBe(saved);
    // The live copy brought the server's edit; the text typed here is not put in a second time.
    await expect.poll(() => owner.editor.text()).toBe(saved);
    await page.waitForTimeout(1_000);
    expect(await owner.editor.text()).toBe(saved);
    await expect(status(page)).toHaveAttribute('data-state', 'saved');
    await owner.context.close();
  });

  test('going offline before the live connection first syncs says offline', async ({ browser }) => {
    const owner = await person(browser, 'Otto Offline');
    const diagram = await createDiagram(owner, 'Not yet live', START);
    await withoutLiveConnection(owner.page);
    await openDiagram(owner, diagram.id);
    await expect.poll(() => owner.editor.text()).toBe(START);
    await expect(status(owner.page)).toHaveAttribute('data-state', 'saved');

    // The browser knows it is offline: the header must not go on saying 'All changes saved'.
    await owner.context.setOffline(true);
    await expect(status(owner.page)).toHaveAttribute('data-state', 'offline');
    // Back online, saving over HTTP works again even though the live connection never opens.
    await owner.context.setOffline(false);
    await expect(status(owner.page)).not.toHaveAttribute('data-state', 'offline');
    await typeLine(owner, 'Alice->>Bob: saved over HTTP');
    await expect.poll(() => serverText(owner.page, diagram.id)).toContain('saved over HTTP');
    await owner.context.close();
  });

  test('a participant back from offline is in the presence strip again at once', async ({
    browser,
  }) => {
    const { owner, editor } = await twoOnOneDiagram(browser);
    const seen = owner.page
      .getByTestId(LIVE_TESTIDS.presence)
      .getByLabel(`${editor.name}, editing`);
    await expect(seen).toBeVisible();

    await editor.context.setOffline(true);
    await expect(status(editor.page)).toHaveAttribute('data-state', 'offline');
    await expect(seen).toBeHidden();
    await editor.context.setOffline(false);
    // The server still holds the clock of the presence it dropped: a reconnect that sent the
    // same state again was ignored until its 15 s renewal.
    await expect(status(editor.page)).not.toHaveAttribute('data-state', 'offline', {
      timeout: 10_000,
    });
    await expect(seen).toBeVisible({ timeout: 5_000 });
    await owner.context.close();
    await editor.context.close();
  });

  test('a server killed mid-session and started again loses nothing', async ({ browser }) => {
    const env = {
      PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-restart-')),
    };
    let app: AppProcess = await startAppProcess({ env, entry: 'built' });
    try {
      const { owner, editor, id } = await twoOnOneDiagram(browser, app.url);

      await typeLine(owner, 'Alice->>Bob: saved before the crash');
      await expect(status(owner.page)).toHaveAttribute('data-state', 'saved');
      await expect.poll(() => editor.editor.text()).toContain('saved before the crash');

      await app.kill();
      for (const who of [owner, editor]) {
        await expect(status(who.page)).toHaveAttribute('data-state', 'offline');
      }
      await typeLine(editor, 'Bob->>Alice: typed while it was down');

      app = await startAppProcess({ env, entry: 'built' });
      for (const who of [owner, editor]) {
        await expect
          .poll(() => who.editor.text(), { timeout: 60_000 })
          .toContain('typed while it was down');
        expect(await who.editor.text()).toContain('saved before the crash');
      }
      await expect.poll(() => serverText(owner.page, id)).toBe(await owner.editor.text());
      await owner.context.close();
      await editor.context.close();
    } finally {
      await app.kill();
    }
  });

  test('a live session that connects late leaves the caret where it was', async ({ browser }) => {
    const owner = await person(browser, 'Cleo Caret');
    const text = `${START}\n    Bob-->>Alice: Hi`;
    const diagram = await createDiagram(owner, 'Late connection', text);
    // The live connection is refused until the caret is placed, then proxied to the server.
    let allow = false;
    let heard = false;
    await owner.page.routeWebSocket(
      (url) => url.pathname === LIVE_PATH,
      (ws) => {
        if (!allow) return void ws.close({ code: 1011, reason: 'not yet' });
        const server = ws.connectToServer();
        ws.onMessage((message) => server.send(message));
        server.onMessage((message) => {
          heard = true;
          ws.send(message);
        });
      },
    );
    await openDiagram(owner, diagram.id);
    await expect.poll(() => owner.editor.text()).toBe(text);
    await owner.editor.content.getByText('Alice->>Bob: Hello').click();
    await owner.page.keyboard.press('End');

    allow = true;
    await expect.poll(() => heard, { timeout: 30_000 }).toBe(true);
    await expect(status(owner.page)).toHaveAttribute('data-state', 'saved');
    await owner.page.waitForTimeout(500); // the sync completes and the editor adopts it
    await owner.page.keyboard.type(' world');
    const typed = text.replace('Hello', 'Hello world');
    expect(await owner.editor.text()).toBe(typed);
    await expect.poll(() => serverText(owner.page, diagram.id)).toBe(typed);
    await owner.context.close();
  });
});
