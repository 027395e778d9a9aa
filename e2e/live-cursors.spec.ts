/**
 * A collaborator's caret (issue 33, item 12): their name beside it in the app's font and their
 * presence colour while they type, fading a few seconds after they stop.
 */
import { expect, test } from '@playwright/test';
import { LIVE_TESTIDS } from '../src/client/features/editor/presence/copy';
import { REMOTE_NAME_VISIBLE_MS } from '../src/client/features/editor/codemirror/remoteCursors';
import { addCollaborator, createDiagram, openDiagram, person } from './support/people';

const START = 'sequenceDiagram\n    Alice->>Bob: Hello';

test("a collaborator's name shows beside their caret while they type, then fades", async ({
  browser,
}) => {
  test.slow();
  const owner = await person(browser, 'Olivia Owner');
  const editor = await person(browser, 'Eddie Editor');
  const diagram = await createDiagram(owner, 'Carets', START);
  await addCollaborator(owner, diagram.id, editor, 'editor');
  for (const who of [owner, editor]) await openDiagram(who, diagram.id);
  await expect(
    owner.page.getByTestId(LIVE_TESTIDS.presence).getByLabel(`${editor.name}, editing`),
  ).toBeVisible();

  await editor.editor.focusEnd();
  await editor.page.keyboard.type('\n    Bob->>Alice: Hi');
  const label = owner.page.locator('.cm-ySelectionInfo', { hasText: editor.name });
  await expect(label).toBeVisible();
  const looks = await label.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      opacity: Number(style.opacity),
      fontFamily: style.fontFamily,
      fontSize: parseFloat(style.fontSize),
      background: style.backgroundColor,
      appFont: getComputedStyle(document.body).fontFamily,
    };
  });
  const presenceColour = await owner.page
    .getByTestId(LIVE_TESTIDS.presence)
    .getByLabel(`${editor.name}, editing`)
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  // Shown without a hover, in the app's font at a readable size, in the presence colour.
  expect(looks.opacity).toBe(1);
  expect(looks.fontFamily).toBe(looks.appFont);
  expect(looks.fontSize).toBeGreaterThanOrEqual(11);
  expect(looks.background).toBe(presenceColour);
  const caretWidth = await owner.page
    .locator('.cm-ySelectionCaret')
    .first()
    .evaluate((element) => parseFloat(getComputedStyle(element).borderLeftWidth));
  expect(caretWidth).toBeGreaterThanOrEqual(2);
  // The name sits on the caret's own line: the line above stays readable.
  const lines = owner.page.locator('.cm-line');
  const above = await lines.nth(1).boundingBox();
  const own = await lines.nth(2).boundingBox();
  const flag = await label.boundingBox();
  expect(above && own && flag).toBeTruthy();
  expect(flag!.y).toBeGreaterThanOrEqual(above!.y + above!.height - 0.5);
  expect(flag!.y + flag!.height).toBeLessThanOrEqual(own!.y + own!.height + 0.5);

  // A few seconds after the last keystroke the name has faded; typing again brings it back.
  await owner.page.waitForTimeout(REMOTE_NAME_VISIBLE_MS + 1000);
  await expect
    .poll(() => label.evaluate((element) => Number(getComputedStyle(element).opacity)))
    .toBe(0);
  await editor.page.keyboard.type('!');
  await expect
    .poll(() =>
      owner.page
        .locator('.cm-ySelectionInfo', { hasText: editor.name })
        .evaluate((element) => Number(getComputedStyle(element).opacity)),
    )
    .toBeGreaterThan(0.9);

  for (const who of [owner, editor]) await who.context.close();
});
