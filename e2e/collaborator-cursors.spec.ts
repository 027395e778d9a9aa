/** Collaborators' carets (item 12): the name beside the caret while they type, then it fades. */
import { expect, test } from '@playwright/test';
import { addCollaborator, createDiagram, openDiagram, person } from './support/people';

test('a collaborator’s name shows beside their caret in the app font, then fades', async ({
  browser,
}) => {
  test.slow();
  const owner = await person(browser, 'Olive Owner');
  const editor = await person(browser, 'Eddie Editor');
  const diagram = await createDiagram(owner, 'Cursors', 'sequenceDiagram\n    A->>B: Hi');
  await addCollaborator(owner, diagram.id, editor, 'editor');
  await openDiagram(owner, diagram.id);
  await openDiagram(editor, diagram.id);

  await editor.editor.focusEnd();
  await editor.page.keyboard.type('\n    B->>A: Hello');
  const name = owner.page.locator('.cm-ySelectionInfo', { hasText: 'Eddie Editor' });
  await expect(name).toBeVisible();
  // Shown without hovering, in the app's font, on the collaborator's colour.
  await expect.poll(() => name.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  const looks = await name.evaluate((el) => {
    const style = getComputedStyle(el);
    const caret = getComputedStyle(el.parentElement!);
    return {
      font: style.fontFamily,
      appFont: getComputedStyle(document.body).fontFamily,
      background: style.backgroundColor,
      caret: caret.backgroundColor,
    };
  });
  expect(looks.font).toBe(looks.appFont);
  expect(looks.background).toBe(looks.caret);
  // A few seconds after the last keystroke the name fades away.
  await expect
    .poll(() => name.evaluate((el) => getComputedStyle(el).opacity), {
      timeout: 15_000,
    })
    .toBe('0');

  await owner.context.close();
  await editor.context.close();
});
