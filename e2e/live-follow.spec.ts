/**
 * Live edits reaching the places that are not an editor of the same diagram: the public page
 * (`/d/{token}`), an editor open while a REST client writes, a collaborator being removed, and a
 * layout change while two people are on one diagram.
 */
import { expect, test, type Page } from '@playwright/test';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { SHARE_COPY, SHARE_TESTIDS } from '../src/client/features/share/copy';
import { resizeAcrossBreakpoint, serverState } from './support/layouts';
import { withoutLiveConnection } from './support/live';
import {
  addCollaborator,
  createDiagram,
  drawnMessages,
  openDiagram,
  person,
  serverText,
  setPublic,
  visitor,
} from './support/people';

// Trace snapshots stall on the busy render frame (see preview.spec.ts).
test.describe.configure({ timeout: 120_000 });

const START = 'sequenceDiagram\n    Alice->>Bob: Hello';

/** Marks the page's window: the mark is gone after a reload or navigation. */
const markWindow = (page: Page) =>
  page.evaluate(() => Object.assign(window, { lifelineMark: 'same page' }));
const windowMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { lifelineMark?: string }).lifelineMark);

/**
 * The guest's first drawing: its frame loads beside the owner's page in one browser, which on a
 * starved machine took over 30 s once (waiting longer asserts nothing about speed). When none
 * comes, says what the page held: the text, and how far the frame got.
 */
async function firstDrawingShown(page: Page) {
  try {
    await expect(drawnMessages(page).filter({ hasText: 'Hello' })).toBeVisible({ timeout: 60_000 });
  } catch (error) {
    const preview = page.getByTestId(PREVIEW_TESTIDS.root);
    const state = {
      text: await page.locator('.cm-content').innerText(),
      status: await preview.getAttribute('data-status'),
      seq: await preview.getAttribute('data-seq'),
      latestSeq: await preview.getAttribute('data-latest-seq'),
      frames: page.frames().map((frame) => frame.url()),
    };
    throw new Error(`No drawing on the public page: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** The owner's diagram shared by link, open in the owner's editor and on the public page. */
async function publicPageFollowing(browser: Parameters<typeof person>[0]) {
  const owner = await person(browser, 'Olivia Owner');
  const diagram = await createDiagram(owner, 'Shared live', START);
  const { shareToken } = await setPublic(owner, diagram.id, true);
  expect(shareToken).toBeTruthy();
  await openDiagram(owner, diagram.id);
  const guest = await visitor(browser);
  await guest.page.goto(`/d/${shareToken}`);
  await expect(guest.page.getByTestId(SHARE_TESTIDS.sharedEditor)).toBeVisible();
  await expect(guest.page.getByTestId(SHARE_TESTIDS.follow)).toHaveAttribute('data-state', 'live');
  await firstDrawingShown(guest.page);
  await markWindow(guest.page);
  return { owner, guest, diagram };
}

test('the public page redraws as the owner types, without a reload', async ({ browser }) => {
  const { owner, guest } = await publicPageFollowing(browser);

  await owner.editor.focusEnd();
  await owner.page.keyboard.insertText('\n    Bob->>Alice: Drawn live for everyone');
  await expect(
    drawnMessages(guest.page).filter({ hasText: 'Drawn live for everyone' }),
  ).toBeVisible();
  await expect(guest.page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok');
  expect(await guest.editor.text()).toBe(`${START}\n    Bob->>Alice: Drawn live for everyone`);
  expect(await windowMark(guest.page)).toBe('same page');

  await owner.context.close();
  await guest.context.close();
});

test('without a live connection the public page still shows the diagram as loaded', async ({
  browser,
}) => {
  const owner = await person(browser, 'Olivia Owner');
  const diagram = await createDiagram(owner, 'Shared, not live', START);
  const { shareToken } = await setPublic(owner, diagram.id, true);
  const guest = await visitor(browser);
  await withoutLiveConnection(guest.page);
  await guest.page.goto(`/d/${shareToken}`);
  await firstDrawingShown(guest.page);
  await expect(guest.page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok');
  expect(await guest.editor.text()).toBe(START);
  await expect(guest.page.getByTestId(SHARE_TESTIDS.follow)).toHaveCount(0);

  await owner.context.close();
  await guest.context.close();
});

test('when the owner stops sharing, the public page keeps its last drawing and follows no more', async ({
  browser,
}) => {
  const { owner, guest, diagram } = await publicPageFollowing(browser);
  await owner.editor.focusEnd();
  await owner.page.keyboard.insertText('\n    Bob->>Alice: Last shared');
  await expect(drawnMessages(guest.page).filter({ hasText: 'Last shared' })).toBeVisible();

  await setPublic(owner, diagram.id, false);
  const notice = guest.page.getByTestId(SHARE_TESTIDS.follow);
  await expect(notice).toHaveAttribute('data-state', 'stopped');
  await expect(notice).toContainText(SHARE_COPY.followStopped);
  await expect(notice).toContainText(SHARE_COPY.followStoppedDetail);

  await owner.page.keyboard.insertText('\n    Bob->>Alice: Private again');
  await expect.poll(() => serverText(owner.page, diagram.id)).toContain('Private again');
  await expect(drawnMessages(guest.page).filter({ hasText: 'Last shared' })).toBeVisible();
  expect(await guest.editor.text()).toBe(`${START}\n    Bob->>Alice: Last shared`);
  await expect(drawnMessages(guest.page).filter({ hasText: 'Private again' })).toHaveCount(0);
  expect(await windowMark(guest.page)).toBe('same page');

  await owner.context.close();
  await guest.context.close();
});

test('a REST write shows in the open editor at once, with the cursor where it was', async ({
  browser,
}) => {
  const owner = await person(browser, 'Rhea Rest');
  const text = `${START}\n    Bob-->>Alice: Hi`;
  const diagram = await createDiagram(owner, 'Written over REST', text);
  await openDiagram(owner, diagram.id);
  await expect.poll(() => owner.editor.text()).toBe(text);
  await markWindow(owner.page);
  // The caret at the end of "Hello", in the middle of the text.
  await owner.editor.content.click();
  await owner.page.keyboard.press('ControlOrMeta+Home');
  await owner.page.keyboard.press('ArrowDown');
  await owner.page.keyboard.press('End');

  // An API client adds a line before the caret and changes one after it.
  const written =
    'sequenceDiagram\n    participant Alice\n    Alice->>Bob: Hello\n    Bob-->>Alice: Hi there';
  const put = await owner.page.request.put(`/api/diagrams/${diagram.id}`, {
    data: { content: written },
  });
  expect(put.ok()).toBe(true);
  await expect.poll(() => owner.editor.text()).toBe(written);
  expect(await windowMark(owner.page)).toBe('same page');

  await owner.page.keyboard.type(' world');
  const typed = written.replace('Hello', 'Hello world');
  expect(await owner.editor.text()).toBe(typed);
  await expect.poll(() => serverText(owner.page, diagram.id)).toBe(typed);

  await owner.context.close();
});

test('a removed editor turns read-only at once and nothing they type gets through', async ({
  browser,
}) => {
  const owner = await person(browser, 'Olivia Owner');
  const editor = await person(browser, 'Eddie Editor');
  const diagram = await createDiagram(owner, 'Removal', START);
  const collaboratorId = await addCollaborator(owner, diagram.id, editor, 'editor');
  await openDiagram(owner, diagram.id);
  await openDiagram(editor, diagram.id);
  // Their edits reach the owner while they may edit.
  await editor.editor.focusEnd();
  await editor.page.keyboard.insertText('\n    Bob->>Alice: Before removal');
  const before = `${START}\n    Bob->>Alice: Before removal`;
  await expect.poll(() => owner.editor.text()).toBe(before);

  const removed = await owner.page.request.delete(
    `/api/diagrams/${diagram.id}/collaborators/${collaboratorId}`,
  );
  expect(removed.status()).toBe(204);
  // Told over the open connection, not at their next save (the server's own test holds the
  // revocation to 1 s; a wall-clock limit here would measure the test machine's load).
  await expect(editor.page.getByTestId(SAVING_TESTIDS.accessLostBanner)).toBeVisible();

  // Typed, and written into the editor by a script that ignores read-only: neither leaves.
  await editor.editor.focusEnd();
  await editor.page.keyboard.type('\n    Bob->>Alice: Typed after removal');
  await editor.editor.setText(`${before}\n    Bob->>Alice: Scripted after removal`);
  // The owner's own edit after it reaches the server: anything sent earlier would have, too.
  await owner.editor.focusEnd();
  await owner.page.keyboard.insertText('\n    Alice->>Bob: Owner after removal');
  const owners = `${before}\n    Alice->>Bob: Owner after removal`;
  await expect.poll(() => serverText(owner.page, diagram.id)).toBe(owners);
  expect(await owner.editor.text()).toBe(owners);

  await owner.context.close();
  await editor.context.close();
});

test('resizing across 768 px with two people on a live diagram changes nothing', async ({
  browser,
}) => {
  const owner = await person(browser, 'Olivia Owner');
  const editor = await person(browser, 'Eddie Editor');
  const diagram = await createDiagram(owner, 'Two layouts', START);
  await addCollaborator(owner, diagram.id, editor, 'editor');
  await openDiagram(owner, diagram.id);
  await openDiagram(editor, diagram.id);
  for (const who of [owner, editor]) await expect.poll(() => who.editor.text()).toBe(START);
  const before = await serverState(owner.page, diagram.id);
  expect(before.content).toBe(START);

  await resizeAcrossBreakpoint(editor.page, editor.editor, START, {
    wide: { width: 1280, height: 800 },
    narrow: { width: 600, height: 800 },
  });
  expect(await owner.editor.text()).toBe(START);
  expect(await serverState(owner.page, diagram.id)).toEqual(before);

  // Still one live diagram: what the resized page types reaches the other.
  await editor.editor.focusEnd();
  await editor.page.keyboard.insertText('\n    Bob->>Alice: After the resize');
  await expect.poll(() => owner.editor.text()).toBe(`${START}\n    Bob->>Alice: After the resize`);

  await owner.context.close();
  await editor.context.close();
});
