/**
 * Keys typed before the live copy joins stay where they were typed, and so does the caret: the
 * join puts them back into the server's copy, and the next key lands right after them, not where
 * the server's text happened to end or the typed text's length away.
 */
import { expect, test } from '@playwright/test';
import { SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { holdLiveSocket } from './support/live';
import { createDiagram, openDiagram, person } from './support/people';

const TEXT = ['sequenceDiagram', '    Alice->>Bob: Hello', '    Bob->>Alice: Hi'].join('\n');

test('the caret stays after the keys typed before the live copy joined', async ({ browser }) => {
  const owner = await person(browser, 'Kay Caret');
  const diagram = await createDiagram(owner, 'Typed before joining', TEXT);
  const socket = holdLiveSocket(owner.page);
  await socket.ready;
  await openDiagram(owner, diagram.id);
  await expect.poll(() => owner.editor.text()).toBe(TEXT);

  await owner.editor.content.click();
  await owner.page.keyboard.press('ControlOrMeta+Home');
  await owner.page.keyboard.press('ArrowDown');
  await owner.page.keyboard.press('End');
  await owner.page.keyboard.type(' there');
  // The live copy joins now, while what was typed is not yet saved anywhere.
  socket.release(false);
  await expect(owner.page.getByTestId(SAVING_TESTIDS.status)).toHaveAttribute(
    'data-live',
    'online',
  );
  await owner.page.keyboard.type('!');
  const want = TEXT.replace('Hello', 'Hello there!');
  await expect.poll(() => owner.editor.text()).toBe(want);
  await owner.context.close();
});
