/**
 * Edit by drawing with a finger, on a phone: one finger pans until the toolbar's "Edit by
 * drawing" is on; then a finger's drag from a lifeline adds a message and a drag of a message
 * moves it, a long press opens the drawing's menu, and a collaborator's editor on a desktop
 * shows each edit live. Real touch input (the browser's own touch events, sent as a touch screen
 * sends them), not synthetic pointer events.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PREVIEW_COPY } from '../src/client/features/preview/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { DRAWING_SAMPLE } from './support/drawingSample';
import { EditorPage } from './support/editorPage';
import {
  addCollaborator,
  createDiagram,
  openDiagram,
  person,
  serverText,
  type Person,
} from './support/people';
import { drawnUpToDate, previewFrame, settledZoom, steadyBox } from './support/previewFrame';
import { signInLocally, uniqueLogin } from './support/signIn';

const TEXT = DRAWING_SAMPLE;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function phonePerson(browser: Browser, name: string): Promise<Person> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const email = `${uniqueLogin('phone')}@example.test`;
  await signInLocally(page, email, name);
  return { context, page, editor: new EditorPage(page), email, name };
}

type Point = { x: number; y: number };

/** One finger: down at `from`, through `steps` moves, up at `to`; or held (`hold`) until told. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove', at: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: [{ x: Math.round(at.x), y: Math.round(at.y), id: 1 }],
    });
  return {
    down: (at: Point) => touch('touchStart', at),
    async moveTo(from: Point, to: Point, steps = 8) {
      for (let i = 1; i <= steps; i += 1) {
        await touch('touchMove', {
          x: from.x + ((to.x - from.x) * i) / steps,
          y: from.y + ((to.y - from.y) * i) / steps,
        });
      }
    },
    up: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  };
}

async function drag(page: Page, from: Point, to: Point) {
  const one = await finger(page);
  await one.down(from);
  await one.moveTo(from, to);
  await one.up();
}

const centreX = (b: { x: number; width: number }) => b.x + b.width / 2;

test('on a phone one finger pans until "Edit by drawing", then draws; a collaborator sees it live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await phonePerson(browser, 'Ada Phone');
  const desk = await person(browser, 'Bob Desk');
  try {
    const { id } = await createDiagram(phone, 'Drawn with a finger', TEXT);
    await addCollaborator(phone, id, desk, 'editor');
    await openDiagram(phone, id);
    await openDiagram(desk, id);
    const page = phone.page;
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await drawnUpToDate(page);
    await expect(previewFrame(page).locator('text.messageText').first()).toBeVisible();

    // Off by default: a finger's drag from a lifeline pans and writes nothing.
    const toggle = page.getByTestId(PREVIEW_TESTIDS.touchEditToggle);
    await expect(toggle).toHaveAccessibleName(PREVIEW_COPY.touchEditing);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    const webLine = await steadyBox(page, 'line.actor-line[name="Web"]');
    const panFrom = { x: centreX(webLine), y: webLine.y + webLine.height / 2 };
    await drag(page, panFrom, { x: panFrom.x + 40, y: panFrom.y + 30 });
    await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-zoom', /.+/);
    expect(await serverText(page, id)).toBe(TEXT);

    // On: the hint says what a finger does now, and a drag from Web to Api adds a message.
    await toggle.tap();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId(PREVIEW_TESTIDS.hint)).toHaveText(PREVIEW_COPY.hintTouchEditing);
    const web = centreX(await steadyBox(page, 'line.actor-line[name="Web"]'));
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const charge = await steadyBox(page, '.messageLine0');
    const loop = await steadyBox(page, 'g:has(> .loopLine)');
    const y = (charge.y + charge.height + loop.y) / 2;
    await drag(page, { x: web, y }, { x: api + 6, y });
    const label = previewFrame(page).locator('textarea.label-editor');
    await expect(label).toBeFocused();
    await page.keyboard.type('poll');
    await page.keyboard.press('Enter');
    const added = TEXT.replace('charge\n', 'charge\n    Web->>Api: poll\n');
    await expect.poll(() => desk.editor.text()).toBe(added);

    // A drag of a message moves it: "status" out of the loop, below it.
    await drawnUpToDate(page);
    const status = await steadyBox(page, 'text.messageText >> nth=2');
    const after = await steadyBox(page, 'g:has(> .loopLine)');
    const from = { x: centreX(status), y: status.y + status.height / 2 };
    await drag(page, from, { x: from.x, y: after.y + after.height + 24 });
    const moved = added
      .replace('        Api-->>Web: status\n', '')
      .concat('\n    Api-->>Web: status');
    await expect.poll(() => desk.editor.text()).toBe(moved);

    // A long press on a message opens its menu while the finger is still down.
    await drawnUpToDate(page);
    const held = await steadyBox(page, 'text.messageText >> nth=0');
    const one = await finger(page);
    await one.down({ x: centreX(held), y: held.y + held.height / 2 });
    const menu = previewFrame(page).getByRole('menu');
    await expect(menu).toHaveAccessibleName(PREVIEW_COPY.menu.message('Web', 'Api'));
    await one.up();
    await expect(menu).toBeVisible();
    expect(await serverText(page, id)).toBe(moved);
  } finally {
    await phone.context.close();
    await desk.context.close();
  }
});

test('with "Edit by drawing" on, a finger reorders participants and reconnects an arrow’s end', async ({
  browser,
}) => {
  const phone = await phonePerson(browser, 'Cy Phone');
  try {
    const text =
      'sequenceDiagram\n    participant Web\n    participant Api\n    participant Db\n    Web->>Api: charge';
    const { id } = await createDiagram(phone, 'Rewired with a finger', text);
    await openDiagram(phone, id);
    const page = phone.page;
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await drawnUpToDate(page);
    await page.getByTestId(PREVIEW_TESTIDS.touchEditToggle).tap();
    // Every lifeline in view: a drop past the frame's edge never reaches the drawing.
    await page.getByRole('button', { name: 'Fit to screen' }).tap();
    await settledZoom(page);

    // The arrow's head end, from Api to Db.
    const arrow = await steadyBox(page, '.messageLine0');
    const db = centreX(await steadyBox(page, 'line.actor-line[name="Db"]'));
    const y = arrow.y + arrow.height / 2;
    await drag(page, { x: arrow.x + arrow.width - 4, y }, { x: db + 4, y });
    const rewired = text.replace('Web->>Api', 'Web->>Db');
    await expect.poll(() => serverText(page, id)).toBe(rewired);

    // Web's header to the right of Api: the declarations are reordered.
    await drawnUpToDate(page);
    const web = await steadyBox(page, 'rect.actor-top[name="Web"]');
    const api = centreX(await steadyBox(page, 'line.actor-line[name="Api"]'));
    const dbNow = centreX(await steadyBox(page, 'line.actor-line[name="Db"]'));
    const at = web.y + web.height / 2;
    await drag(page, { x: web.x + web.width / 2, y: at }, { x: (api + dbNow) / 2, y: at });
    await expect
      .poll(() => serverText(page, id))
      .toBe(
        rewired.replace(
          'participant Web\n    participant Api',
          'participant Api\n    participant Web',
        ),
      );
  } finally {
    await phone.context.close();
  }
});
