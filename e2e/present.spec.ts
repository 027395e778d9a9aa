/**
 * Present mode: a sequence diagram full screen, one message at a time, by keyboard and by touch;
 * a public link with `?step=N` opens presenting at step N, signed out.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { EXPORT_TEXT, TOAST_TEXT } from '../src/shared/messages';
import { TYPING_PAUSE_MS } from '../src/client/diagram/saving/autoSavedNotice';
import { EXPORT_COPY } from '../src/client/features/export/copy';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { PRESENT_COPY, PRESENT_TESTIDS } from '../src/client/features/present/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { addCollaborator, createDiagram, openDiagram, person, serverText } from './support/people';
import { recordToasts } from './support/toasts';
import { publishDiagrams } from './support/published';
import { pdfPageCount } from '../test/support/render-support';

// Trace snapshots stall on the busy render frame (see preview.spec.ts).

const DIAGRAM = [
  'sequenceDiagram',
  '  participant Browser',
  '  participant Api',
  '  participant Db',
  '  Browser->>Api: login',
  '  Note right of Api: checks the form',
  '  loop each attempt',
  '    Api->>+Db: find user',
  '    Db-->>-Api: user',
  '  end',
  '  Api-->>Browser: token',
  '  Browser->>Api: profile',
].join('\n');
const MESSAGES = ['login', 'find user', 'user', 'token', 'profile'];
/** What the live region says of each step beside its number (the text version's words). */
const SAID = [
  'Browser to Api: login',
  'Api to Db: find user',
  'Db to Api: user (reply)',
  'Api to Browser: token (reply)',
  'Browser to Api: profile',
];

const view = (page: Page) => page.getByTestId(PRESENT_TESTIDS.view);
const counter = (page: Page) => page.getByTestId(PRESENT_TESTIDS.counter);
const drawing = (page: Page): Locator =>
  page
    .frameLocator(
      `[data-testid="${PRESENT_TESTIDS.view}"] [data-testid="${PREVIEW_TESTIDS.frame}"]`,
    )
    .locator('svg')
    .first();

/** What the presented drawing shows: its visible messages, the current one, notes and blocks. */
function shown(page: Page) {
  return drawing(page).evaluate((svg) => {
    const visible = (element: Element) => getComputedStyle(element).visibility !== 'hidden';
    const texts = (selector: string) =>
      [...svg.querySelectorAll(selector)].filter(visible).map((t) => t.textContent ?? '');
    return {
      messages: texts('text.messageText'),
      current: [...svg.querySelectorAll('text.messageText.lifeline-step-current')].map(
        (t) => t.textContent ?? '',
      ),
      notes: texts('text.noteText'),
      blocks: texts('text.labelText'),
    };
  });
}

async function presentedAt(page: Page, step: number, count: number) {
  await expect(counter(page)).toHaveText(
    `${PRESENT_COPY.stepLabel} ${PRESENT_COPY.counter(step, count)}: ${SAID[step - 1]}`,
  );
  await expect.poll(async () => (await shown(page)).messages).toEqual(MESSAGES.slice(0, step));
  await expect.poll(async () => (await shown(page)).current).toEqual([MESSAGES[step - 1]]);
  await expect(page.getByTestId(PRESENT_TESTIDS.progress)).toHaveAttribute(
    'aria-valuenow',
    String(step),
  );
}

async function openWithDiagram(page: Page, text = DIAGRAM): Promise<EditorPage> {
  const editor = new EditorPage(page);
  await editor.open();
  await editor.setText(text);
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok');
  return editor;
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the key presents; arrows, Space, Page keys, Home and End step; Escape gives focus back', async ({
    page,
  }) => {
    const editor = await openWithDiagram(page);
    await editor.focusEnd();
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await expect(view(page)).toBeVisible();
    await expect(view(page)).toHaveAccessibleName(/Presenting/);
    await expect(counter(page)).toHaveAttribute('aria-live', 'polite');
    await presentedAt(page, 1, 5);
    // The note and the loop wait for their first message; the participants are there.
    expect((await shown(page)).notes).toEqual([]);
    expect((await shown(page)).blocks).toEqual([]);
    expect(await drawing(page).locator('text.actor').count()).toBeGreaterThanOrEqual(3);

    await page.keyboard.press('ArrowRight');
    await presentedAt(page, 2, 5);
    expect(await shown(page)).toMatchObject({ notes: ['checks the form'], blocks: ['loop'] });
    // Each key, and the step it leads to (the first and last stay put).
    for (const [key, step] of [
      ['Space', 3],
      ['PageDown', 4],
      ['ArrowUp', 3],
      ['End', 5],
      ['ArrowDown', 5],
      ['Home', 1],
      ['ArrowLeft', 1],
    ] as const) {
      await page.keyboard.press(key);
      await presentedAt(page, step, 5);
    }
    // A click on the drawing is the next message too.
    await page.getByTestId(PRESENT_TESTIDS.surface).click();
    await presentedAt(page, 2, 5);
    await page.keyboard.press('PageUp');
    await presentedAt(page, 1, 5);

    await page.keyboard.press('Escape');
    await expect(view(page)).toHaveCount(0);
    await expect(editor.content).toBeFocused();

    // The header's button, and focus back on it.
    const button = page.getByTestId(PRESENT_TESTIDS.button);
    await button.click();
    await presentedAt(page, 1, 5);
    await page.getByTestId(PRESENT_TESTIDS.next).click();
    await presentedAt(page, 2, 5);
    // The editor's own address is not a link to a step.
    expect(new URL(page.url()).searchParams.has('step')).toBe(false);
    await page.keyboard.press('Escape');
    await expect(view(page)).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('Tab stays inside present mode: keys never reach the editor behind it', async ({ page }) => {
    const editor = await openWithDiagram(page);
    await editor.focusEnd();
    // Escape lets the next Tab leave the editor; Shift+Tab comes back into it.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await expect(editor.content).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor.content).toBeFocused();
    await page.keyboard.press('ControlOrMeta+Shift+Enter');
    await presentedAt(page, 1, 5);
    // The screen behind takes no focus at all while presenting, whatever moves it.
    await expect(page.getByTestId(EDITOR_TESTIDS.screen)).toHaveAttribute('inert', '');
    const inside = () =>
      page.evaluate(
        (testId) =>
          document.querySelector(`[data-testid="${testId}"]`)?.contains(document.activeElement) ??
          false,
        PRESENT_TESTIDS.view,
      );
    for (let tab = 0; tab < 8; tab += 1) {
      await page.keyboard.press(tab % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.type('zz');
    await page.keyboard.press('Escape');
    await expect(view(page)).toHaveCount(0);
    expect(await editor.text()).toBe(DIAGRAM);
    await expect(editor.content).toBeFocused();
    await expect(page.getByTestId(EDITOR_TESTIDS.screen)).not.toHaveAttribute('inert');
  });

  test('axe finds no serious or critical violation in present mode, light or dark', async ({
    page,
  }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await openWithDiagram(page);
      await page.getByTestId(PRESENT_TESTIDS.button).click();
      await presentedAt(page, 1, 5);
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
        .include(`[data-testid="${PRESENT_TESTIDS.view}"]`)
        .exclude('iframe')
        .analyze();
      const serious = result.violations.filter(
        (v) => v.impact === 'serious' || v.impact === 'critical',
      );
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' '))}`)).toEqual([]);
    }
  });

  test('a short diagram uses the screen: scaled up to fill it and centred', async ({ page }) => {
    await openWithDiagram(page);
    await page.getByTestId(PRESENT_TESTIDS.button).click();
    await expect(counter(page)).toHaveText(/1 \//);
    const frame = page.getByTestId(PRESENT_TESTIDS.view).getByTestId(PREVIEW_TESTIDS.frame);
    const stage = (await frame.boundingBox())!;
    // The drawing's box inside the frame, as drawn on screen.
    const placed = () =>
      drawing(page).evaluate((svg) => {
        const r = svg.getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height };
      });
    await expect
      .poll(async () => {
        const box = await placed();
        return Math.max(box.width / stage.width, box.height / stage.height);
      })
      .toBeGreaterThan(0.85);
    const box = await placed();
    expect(Math.abs(box.left + box.width / 2 - stage.width / 2)).toBeLessThan(4);
    expect(Math.abs(box.top + box.height / 2 - stage.height / 2)).toBeLessThan(4);
  });

  test("the current message's arrow head takes the mark's colour too, a styled one as well", async ({
    page,
  }) => {
    await openWithDiagram(
      page,
      'sequenceDiagram\n  A->>B: styled red\n  B-->>A: plain\n  linkStyle 0 stroke:#dc2626',
    );
    await page.getByTestId(PRESENT_TESTIDS.button).click();
    await expect(counter(page)).toHaveText(/1 \/ 2/);
    /** Each message line's head: the fill of the shape its marker-end draws, as painted. */
    const heads = () =>
      drawing(page).evaluate((svg) =>
        [...svg.querySelectorAll('.messageLine0, .messageLine1')].map((line) => {
          const id = /url\(#([\w-]+)\)/.exec(line.getAttribute('marker-end') ?? '')?.[1];
          const marker = [...svg.querySelectorAll('marker')].find((m) => m.id === id);
          const shape = marker?.querySelector('path, polygon');
          return {
            line: getComputedStyle(line).stroke,
            head: shape ? getComputedStyle(shape).fill : null,
          };
        }),
      );
    const accent = 'rgb(79, 70, 229)';
    await expect
      .poll(heads)
      .toEqual([
        { line: accent, head: accent },
        expect.objectContaining({ head: expect.not.stringMatching(/220, 38, 38|79, 70, 229/) }),
      ]);
    await page.keyboard.press('ArrowRight');
    await expect(counter(page)).toHaveText(/2 \/ 2/);
    await expect
      .poll(async () => (await heads()).map((h) => h.head))
      .toEqual(['rgb(220, 38, 38)', accent]);
  });

  test('a long diagram: the view follows the current message', async ({ page }) => {
    const many = Array.from({ length: 40 }, (_, i) => `  A->>B: message ${i + 1}`);
    await openWithDiagram(page, ['sequenceDiagram', ...many].join('\n'));
    await page.getByTestId(PRESENT_TESTIDS.button).click();
    await expect(counter(page)).toHaveText(/1 \/ 40/);
    const frame = page.getByTestId(PRESENT_TESTIDS.view).getByTestId(PREVIEW_TESTIDS.frame);
    const box = await frame.boundingBox();
    const currentInView = async () => {
      const rect = await drawing(page).evaluate((svg) => {
        const current = svg.querySelector('text.lifeline-step-current');
        const r = current?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom } : null;
      });
      return rect !== null && box !== null && rect.top >= 0 && rect.bottom <= box.height;
    };
    await page.keyboard.press('End');
    await expect(counter(page)).toHaveText(/40 \/ 40/);
    await expect.poll(currentInView).toBe(true);
    await page.keyboard.press('Home');
    await expect(counter(page)).toHaveText(/1 \/ 40/);
    await expect.poll(currentInView).toBe(true);
  });

  test('another kind of diagram is shown whole, and says it has no steps', async ({ page }) => {
    await openWithDiagram(page, 'flowchart TD\n  A[Start] --> B[End]');
    await page.getByTestId(PRESENT_TESTIDS.button).click();
    await expect(counter(page)).toHaveText(PRESENT_COPY.noSteps);
    await expect(drawing(page).locator('span.nodeLabel', { hasText: 'End' })).toBeVisible();
    await page.getByTestId(PRESENT_TESTIDS.leave).click();
    await expect(view(page)).toHaveCount(0);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  /** A finger's swipe across the drawing, as the touch screen reports it. */
  async function swipe(page: Page, dx: number) {
    const box = await page.getByTestId(PRESENT_TESTIDS.surface).boundingBox();
    if (!box) throw new Error('No drawing to swipe');
    const y = box.y + box.height / 2;
    const x = box.x + box.width / 2 - dx / 2;
    const session = await page.context().newCDPSession(page);
    const point = (at: number) => [{ x: at, y }];
    await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(x) });
    for (let i = 1; i <= 5; i += 1) {
      await session.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: point(x + (dx * i) / 5),
      });
    }
    await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await session.detach();
  }

  test('the menu presents; swipes and taps step; the targets are 44 px', async ({ page }) => {
    await openWithDiagram(page);
    await page.getByTestId('phone-menu').tap();
    await page.getByRole('menuitem', { name: PRESENT_COPY.button }).tap();
    await presentedAt(page, 1, 5);
    await swipe(page, -160);
    await presentedAt(page, 2, 5);
    await swipe(page, -160);
    await presentedAt(page, 3, 5);
    await swipe(page, 160);
    await presentedAt(page, 2, 5);
    await page.getByTestId(PRESENT_TESTIDS.surface).tap();
    await presentedAt(page, 3, 5);
    for (const id of [PRESENT_TESTIDS.previous, PRESENT_TESTIDS.next, PRESENT_TESTIDS.leave]) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);
    }
    await page.getByTestId(PRESENT_TESTIDS.previous).tap();
    await presentedAt(page, 2, 5);
    await page.getByTestId(PRESENT_TESTIDS.leave).tap();
    await expect(view(page)).toHaveCount(0);
  });
});

test('a public link with ?step=N presents at step N, signed out; bad steps are clamped', async ({
  page,
}) => {
  const [token] = await publishDiagrams('Presenter', [{ title: 'Login flow', content: DIAGRAM }]);
  await page.goto(`/d/${token}?step=3`);
  await expect(view(page)).toBeVisible();
  await expect(view(page)).toContainText('Login flow');
  await presentedAt(page, 3, 5);
  await page.keyboard.press('ArrowRight');
  await presentedAt(page, 4, 5);
  // The address follows the step: a link copied now opens where the presenter is.
  const stepInAddress = () => new URL(page.url()).searchParams.get('step');
  await expect.poll(stepInAddress).toBe('4');
  await page.keyboard.press('Escape');
  await expect(view(page)).toHaveCount(0);
  await expect.poll(stepInAddress).toBeNull();
  await page.getByTestId(PRESENT_TESTIDS.button).click();
  await presentedAt(page, 1, 5);
  await expect.poll(stepInAddress).toBe('1');

  await page.goto(`/d/${token}?step=99`);
  await presentedAt(page, 5, 5);
  for (const bad of ['0', 'abc', '-2']) {
    await page.goto(`/d/${token}?step=${bad}`);
    await presentedAt(page, 1, 5);
  }
  await page.keyboard.press('Escape');
  await expect(view(page)).toHaveCount(0);
});

test('a viewer collaborator presents the diagram shared with them', async ({ browser }) => {
  const owner = await person(browser, 'Olive Owner');
  const viewer = await person(browser, 'Vic Viewer');
  const diagram = await createDiagram(owner, 'Shared login', DIAGRAM);
  await addCollaborator(owner, diagram.id, viewer, 'viewer');
  const page = viewer.page;
  await page.goto(`/?diagramId=${diagram.id}`);
  await expect(page.getByTestId(PREVIEW_TESTIDS.root)).toHaveAttribute('data-status', 'ok');
  await page.getByTestId(PRESENT_TESTIDS.button).click();
  await expect(view(page)).toContainText('Shared login');
  await presentedAt(page, 1, 5);
  await page.keyboard.press('End');
  await presentedAt(page, 5, 5);
  await owner.context.close();
  await viewer.context.close();
});

test.describe('stepped exports', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the Export menu makes an SVG whose drawing differs at two moments, and a PDF of a page per step', async ({
    page,
    context,
  }) => {
    const editor = await openWithDiagram(page);
    const title = await editor.title.inputValue();
    const menu = page.getByTestId(EXPORT_TESTIDS.menu);
    await page.getByTestId(EXPORT_TESTIDS.button).click();
    await menu.getByRole('menuitemradio', { name: /0\.5 s/ }).click();
    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(EXPORT_TESTIDS.steps.svg).click(),
    ]);
    expect(svgFile.suggestedFilename()).toBe(`${title} steps.svg`);
    const svg = await readFile((await svgFile.path())!, 'utf8');
    expect(svg).not.toMatch(/<script/i);

    // The file on its own, as a browser shows it, its animations held at two moments.
    const viewer = await context.newPage();
    await viewer.setContent(`<!doctype html><body style="margin:0">${svg}</body>`);
    const at = (ms: number) =>
      viewer.evaluate((time) => {
        for (const animation of document.getAnimations()) {
          animation.pause();
          animation.currentTime = time;
        }
        const shown = (selector: string) =>
          [...document.querySelectorAll(selector)].map(
            (text) => `${text.textContent}:${getComputedStyle(text).opacity}`,
          );
        return {
          messages: shown('text.messageText:not(.lifeline-step-current)'),
          // The current message's mark: a copy of its label in the accent, shown in its pace.
          marked: shown('text.messageText.lifeline-step-current')
            .filter((entry) => entry.endsWith(':1'))
            .map((entry) => entry.slice(0, -2)),
        };
      }, ms);
    // 0.5 s a step: at first only the first message; at 2.1 s all five.
    expect(await at(0)).toEqual({
      messages: ['login:1', 'find user:0', 'user:0', 'token:0', 'profile:0'],
      marked: ['login'],
    });
    const early = await viewer.screenshot();
    expect(await at(1100)).toMatchObject({ marked: ['user'] });
    expect(await at(2100)).toEqual({
      messages: ['login:1', 'find user:1', 'user:1', 'token:1', 'profile:1'],
      marked: ['profile'],
    });
    const late = await viewer.screenshot();
    expect(early.equals(late)).toBe(false);
    await viewer.close();

    await page.getByTestId(EXPORT_TESTIDS.button).click();
    const [pdfFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(EXPORT_TESTIDS.steps.pdf).click(),
    ]);
    expect(pdfFile.suggestedFilename()).toMatch(/ steps\.pdf$/);
    const pdf = await readFile((await pdfFile.path())!);
    expect(pdfPageCount(pdf)).toBe(MESSAGES.length);
    await expect(page.getByTestId('toast')).toContainText(
      EXPORT_TEXT.success(EXPORT_COPY.stepsLabel.pdf),
    );
  });
});

test('while presenting, news such as Auto-saved never covers the slide', async ({ browser }) => {
  const owner = await person(browser, 'Quinn Quiet');
  const diagram = await createDiagram(owner, 'Quiet slides', DIAGRAM);
  await openDiagram(owner, diagram.id);
  const { page, editor } = owner;
  await expect.poll(() => editor.text()).toBe(DIAGRAM);
  const toasts = await recordToasts(page);
  const autoSaved = () => toasts.texts().filter((text) => text.includes(TOAST_TEXT.autoSavedTitle));

  // A last edit, then Present at once: the edit is saved while the slides show, silently.
  await editor.focusEnd();
  await page.keyboard.insertText('\n    API-->>Web: one more');
  await page.keyboard.press('ControlOrMeta+Shift+Enter');
  await expect(view(page)).toBeVisible();
  await expect.poll(() => serverText(page, diagram.id)).toContain('one more');
  await page.waitForTimeout(TYPING_PAUSE_MS + 1_500);
  expect(autoSaved()).toEqual([]);

  // Back in the editor, the same kind of edit says so as usual.
  await page.keyboard.press('Escape');
  await expect(view(page)).toHaveCount(0);
  await editor.focusEnd();
  await page.keyboard.insertText('\n    Web-->>API: and another');
  await expect.poll(autoSaved, { timeout: 15_000 }).toHaveLength(1);
  await owner.context.close();
});
