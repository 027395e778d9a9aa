/**
 * Live co-editing against the real app server: an owner, an editor collaborator and a viewer
 * collaborator, each in their own browser context, on one diagram.
 */
import { expect, test, type Browser } from '@playwright/test';
import { LIVE_TESTIDS } from '../src/client/features/editor/presence/copy';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { addCollaborator, createDiagram, openDiagram, person, serverText } from './support/people';

const START = 'sequenceDiagram\n    Alice->>Bob: Hello';

/** Owner with a saved diagram, shared with an editor and a viewer; all three have it open. */
async function threeOnOneDiagram(browser: Browser) {
  const owner = await person(browser, 'Olivia Owner');
  const editor = await person(browser, 'Eddie Editor');
  const viewer = await person(browser, 'Vera Viewer');
  const diagram = await createDiagram(owner, 'Live', START);
  await addCollaborator(owner, diagram.id, editor, 'editor');
  await addCollaborator(owner, diagram.id, viewer, 'viewer');
  for (const who of [owner, editor, viewer]) await openDiagram(who, diagram.id);
  for (const who of [owner, editor, viewer]) await expect.poll(() => who.editor.text()).toBe(START);
  return { owner, editor, viewer, diagram, everyone: [owner, editor, viewer] };
}

test.describe('live co-editing', () => {
  test.describe.configure({ timeout: 180_000 });

  test('simultaneous typing converges everywhere; presence names everyone; the viewer follows, read-only', async ({
    browser,
  }) => {
    const { owner, editor, viewer, diagram, everyone } = await threeOnOneDiagram(browser);

    // Presence: each sees the other two by name, the viewer as viewing.
    const strip = owner.page.getByTestId(LIVE_TESTIDS.presence);
    await expect(strip.getByLabel(`${editor.name}, editing`)).toBeVisible();
    await expect(strip.getByLabel(`${viewer.name}, viewing`)).toBeVisible();
    await expect(
      viewer.page.getByTestId(LIVE_TESTIDS.presence).getByLabel(`${owner.name}, editing`),
    ).toBeVisible();

    await owner.editor.focusEnd();
    await editor.editor.content.click();
    await editor.page.keyboard.press('ControlOrMeta+Home');
    await Promise.all([
      owner.page.keyboard.insertText('\n    Bob->>Alice: From the owner'),
      editor.page.keyboard.insertText('%% from the editor\n'),
    ]);
    const expected = `%% from the editor\n${START}\n    Bob->>Alice: From the owner`;
    for (const who of everyone) await expect.poll(() => who.editor.text()).toBe(expected);
    await expect.poll(() => serverText(owner.page, diagram.id)).toBe(expected);
    await expect(owner.page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);

    // The viewer cannot type.
    await viewer.editor.focusEnd();
    await viewer.page.keyboard.type('viewer was here');
    expect(await viewer.editor.text()).toBe(expected);
    await expect.poll(() => serverText(owner.page, diagram.id)).toBe(expected);

    for (const who of everyone) await who.context.close();
  });
});
