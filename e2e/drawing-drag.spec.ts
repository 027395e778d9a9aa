/**
 * Edit by drawing with the mouse: a drag from one lifeline to another adds a message where it is
 * dropped (inside the block drawn there), and a drag of a message moves its line; each is one
 * edit of the text that one Ctrl+Z takes back.
 */
import { expect, test, type Page } from '@playwright/test';
import { DRAWING_SAMPLE } from './support/drawingSample';
import { EditorPage } from './support/editorPage';
import { drawnUpToDate, previewFrame, settledZoom, steadyBox } from './support/previewFrame';

const TEXT = DRAWING_SAMPLE;

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

async function openWith(page: Page): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.open();
  await editor.setText(TEXT);
  await drawnUpToDate(page);
  await expect(previewFrame(page).locator('text.messageText').first()).toBeVisible();
  return editor;
}

const centreX = (b: { x: number; width: number }) => b.x + b.width / 2;

test.describe('drawing by dragging', () => {
  test('a drag between lifelines adds a message inside the block it is dropped in', async ({
    page,
  }) => {
    const editor = await openWith(page);
    const web = centreX(await steadyBox(page, 'line.actor-line[name="Web"]'));
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const status = await steadyBox(page, '.messageLine1');
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    // Below the reply, above the loop's bottom edge: inside the loop, after its last message.
    const y = (status.y + status.height + loop.y + loop.height) / 2;
    await drag(page, { x: web, y }, { x: api + 10, y });
    const added = TEXT.replace('status\n    end', 'status\n        Web->>Api: \n    end');
    await expect.poll(() => editor.text()).toBe(added);
    // The new message's label opens for typing; Enter keeps it.
    const label = previewFrame(page).locator('textarea.label-editor');
    await expect(label).toBeFocused();
    await page.keyboard.type('poll');
    await page.keyboard.press('Enter');
    const named = added.replace('Web->>Api: \n', 'Web->>Api: poll\n');
    await expect.poll(() => editor.text()).toBe(named);
    // Two steps (the message, its name), each one Ctrl+Z.
    await editor.content.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(added);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(TEXT);
  });

  test('Escape in the new message’s label takes the message back out', async ({ page }) => {
    const editor = await openWith(page);
    const web = centreX(await steadyBox(page, 'line.actor-line[name="Web"]'));
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const charge = await steadyBox(page, '.messageLine0');
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    // Between the first message and the loop: outside the block.
    const y = (charge.y + loop.y) / 2;
    await drag(page, { x: api, y }, { x: web - 10, y });
    await expect
      .poll(() => editor.text())
      .toBe(TEXT.replace('charge\n', 'charge\n    Api->>Web: \n'));
    await expect(previewFrame(page).locator('textarea.label-editor')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect.poll(() => editor.text()).toBe(TEXT);
  });

  test('while a drag is under way the text marks where it lands, and clears once dropped', async ({
    page,
  }) => {
    const editor = await openWith(page);
    const label = await steadyBox(page, 'text.messageText');
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    const status = await steadyBox(page, '.messageLine1');
    const start = { x: centreX(label), y: label.y + label.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x, loop.y + loop.height + 20, { steps: 8 });
    // Below the loop: after its end; the moved message's own line is marked as leaving.
    await expect(editor.content.locator('.cm-drop-after')).toHaveText('    end');
    await expect(editor.content.locator('.cm-drop-moving')).toHaveText('    Web->>Api: charge');
    // Between the loop's message and its bottom edge: before its `end`, inside it.
    const inside = (status.y + status.height + loop.y + loop.height) / 2;
    await page.mouse.move(start.x, inside, { steps: 4 });
    await expect(editor.content.locator('.cm-drop-before')).toHaveText('    end');
    await page.mouse.up();
    await expect(
      editor.content.locator('.cm-drop-before, .cm-drop-after, .cm-drop-moving'),
    ).toHaveCount(0);
    await expect
      .poll(() => editor.text())
      .toBe(
        TEXT.replace('    Web->>Api: charge\n', '').replace(
          'status\n',
          'status\n        Web->>Api: charge\n',
        ),
      );
  });

  test('a drag of a message moves its line out of the block', async ({ page }) => {
    const editor = await openWith(page);
    const label = await steadyBox(page, 'text.messageText');
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    const start = { x: centreX(label), y: label.y + label.height / 2 };
    await drag(page, start, { x: start.x, y: loop.y + loop.height + 20 });
    await expect
      .poll(() => editor.text())
      .toBe(
        [
          'sequenceDiagram',
          '    %% the card is charged once',
          '    participant Web',
          '    participant Api',
          '    loop every minute',
          '        Api-->>Web: status',
          '    end',
          '    Web->>Api: charge',
        ].join('\n'),
      );
  });

  test('a header dragged right reorders the declarations, declaring those only used', async ({
    page,
  }) => {
    const editor = new EditorPage(page);
    await editor.open();
    const text = 'sequenceDiagram\n    participant Web\n    Web->>Api: charge\n    Api->>Db: save';
    await editor.setText(text);
    await drawnUpToDate(page);
    await expect(previewFrame(page).locator('text.messageText').first()).toBeVisible();
    const web = await steadyBox(page, 'rect.actor-top[name="Web"]');
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const db = centreX(await steadyBox(page, 'line.actor-line[name="Db"]'));
    const y = web.y + 12;
    await drag(page, { x: web.x + 12, y }, { x: (api + db) / 2, y });
    await expect
      .poll(() => editor.text())
      .toBe(
        'sequenceDiagram\n    participant Api\n    participant Web\n    Web->>Api: charge\n    Api->>Db: save',
      );
  });

  test('a drag of an arrow’s end reconnects it to another lifeline', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open();
    const text =
      'sequenceDiagram\n    participant Web\n    participant Api\n    participant Db\n    Web->>Api: charge';
    await editor.setText(text);
    await drawnUpToDate(page);
    await expect(previewFrame(page).locator('text.messageText').first()).toBeVisible();
    // Every lifeline in view: a drop past the frame's edge never reaches the drawing.
    await page.getByRole('button', { name: 'Fit to screen' }).click();
    await settledZoom(page);
    const arrow = await steadyBox(page, '.messageLine0');
    const db = centreX(await steadyBox(page, 'line.actor-line[name="Db"]'));
    // On the arrow near its head: the receiver's end.
    const y = arrow.y + arrow.height / 2;
    await drag(page, { x: arrow.x + arrow.width - 6, y }, { x: db + 8, y: y + 6 });
    await expect.poll(() => editor.text()).toBe(text.replace('Web->>Api', 'Web->>Db'));
    // And the sender's end, back from Web to Api's other side: Db->>… stays the receiver.
    await drawnUpToDate(page);
    const moved = await steadyBox(page, '.messageLine0');
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const at = moved.y + moved.height / 2;
    await drag(page, { x: moved.x + 6, y: at }, { x: api - 8, y: at });
    await expect.poll(() => editor.text()).toBe(text.replace('Web->>Api', 'Api->>Db'));
  });

  test('a drag that starts on empty space pans and writes nothing', async ({ page }) => {
    const editor = await openWith(page);
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    const start = { x: loop.x + loop.width + 60, y: loop.y + loop.height + 40 };
    await drag(page, start, { x: start.x - 30, y: start.y - 30 });
    await drawnUpToDate(page);
    expect(await editor.text()).toBe(TEXT);
  });
});
