/**
 * A select-all paste made before the live copy joins ends up as exactly the pasted text, once.
 * The live socket is held so the paste falls in the window: its first sync arrives while the
 * paste's auto-save is on its way, and the server's copy of that save (the live update the save
 * made) arrives well after the save's answer, as it can on a loaded machine or network. The same
 * for a paste made while the save of earlier typing is on its way.
 */
import { expect, test } from '@playwright/test';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { holdLiveSocket } from './support/live';
import { createDiagram, openDiagram, person, serverText, type Person } from './support/people';

const lines = (label: string, count: number) =>
  Array.from(
    { length: count },
    (_, n) => `    ${label}${n}[${label} step ${n}] --> ${label}${n + 1}`,
  );
const OLD = ['flowchart TD', ...lines('A', 123)].join('\n');
const PASTE = ['flowchart LR', ...lines('B', 40)].join('\n');
/** Longer than the editor waits for a save's live update before it joins anyway. */
const LATE_MS = 4_000;

/** The text the editor and the server both hold, once they agree. */
async function agreedText(owner: Person, id: number): Promise<string> {
  let held = '';
  await expect
    .poll(
      async () => {
        held = await serverText(owner.page, id);
        return (await owner.editor.text()) === held;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return held;
}

test.describe('a paste before the live copy joins', () => {
  test.describe.configure({ timeout: 180_000 });

  test('replaces the old text exactly, once', async ({ browser }) => {
    const owner = await person(browser, 'Pia Paste');
    const diagram = await createDiagram(owner, 'First paste', OLD);
    const socket = holdLiveSocket(owner.page);
    await socket.ready;

    let saves = 0;
    let released: () => void = () => undefined;
    const lateSent = new Promise<void>((resolve) => (released = resolve));
    await owner.page.route(`**/api/diagrams/${diagram.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      saves += 1;
      // The live copy's first sync (the old text) arrives while this save is on its way; the
      // live update this save makes on the server is held back past the save's answer.
      socket.release(true);
      const answer = await route.fetch();
      await route.fulfill({ response: answer });
      setTimeout(() => {
        socket.release(false);
        released();
      }, LATE_MS);
    });

    await openDiagram(owner, diagram.id);
    await expect.poll(() => owner.editor.text()).toBe(OLD);
    await owner.editor.content.click();
    await owner.page.keyboard.press('ControlOrMeta+A');
    await owner.page.keyboard.insertText(PASTE);
    expect(await owner.editor.text()).toBe(PASTE);

    await expect(owner.page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute(
      'data-live',
      'online',
      { timeout: 60_000 },
    );
    expect(saves).toBe(1);
    await lateSent;
    // Once the editor and the server agree, both hold the paste and nothing else.
    const held = await agreedText(owner, diagram.id);
    expect(held).toBe(PASTE);
    await owner.context.close();
  });

  test('a paste made while a save is on its way is made once', async ({ browser }) => {
    const owner = await person(browser, 'Pat Paste');
    const diagram = await createDiagram(owner, 'Paste in flight', OLD);
    const socket = holdLiveSocket(owner.page);
    await socket.ready;

    let saves = 0;
    let putSeen: () => void = () => undefined;
    const putHeld = new Promise<void>((resolve) => (putSeen = resolve));
    let releasePut: () => void = () => undefined;
    const putReleased = new Promise<void>((resolve) => (releasePut = resolve));
    let released: () => void = () => undefined;
    const lateSent = new Promise<void>((resolve) => (released = resolve));
    await owner.page.route(`**/api/diagrams/${diagram.id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      saves += 1;
      // The live copy's first sync arrives while this save is on its way; the save waits for
      // the paste, and the live update it makes on the server is held back past its answer.
      socket.release(true);
      putSeen();
      await putReleased;
      const answer = await route.fetch();
      await route.fulfill({ response: answer });
      setTimeout(() => {
        socket.release(false);
        released();
      }, LATE_MS);
    });

    await openDiagram(owner, diagram.id);
    await expect.poll(() => owner.editor.text()).toBe(OLD);
    const typed = '\n    A123 --> Carl[Carl]';
    const pasted = '\n    Carl --> Bob[Hi!]\n    Bob --> Alice';
    await owner.editor.focusEnd();
    await owner.page.keyboard.insertText(typed);
    await putHeld; // the auto-save of the typing
    await owner.page.keyboard.insertText(pasted);
    const meant = OLD + typed + pasted;
    expect(await owner.editor.text()).toBe(meant);
    await expect(owner.page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute(
      'data-live',
      'online',
      { timeout: 60_000 },
    );
    releasePut();
    await lateSent;
    const held = await agreedText(owner, diagram.id);
    expect(held).toBe(meant);
    expect(saves).toBe(1);
    await owner.context.close();
  });
});
