/**
 * A drawing a screen reader can walk (issue 46): the preview's frame holds a region named
 * "Sequence diagram: {title}" with the participants and the messages in order, blocks as named
 * groups; with the drawing focused the keyboard walks it (↓/↑, ←/→, Home/End, ] and [), the view
 * follows, Alt+Enter goes to the line in the text and Escape leaves. Walked by keyboard only in
 * the editor, on the shared page and in present mode, read by @guidepup/virtual-screen-reader
 * and checked by axe-core in both themes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Frame, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { HISTORY_TESTIDS } from '../src/client/features/history/copy';
import { PRESENT_TESTIDS } from '../src/client/features/present/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EditorPage } from './support/editorPage';
import { drawnUpToDate, previewFrame, renderFrame } from './support/previewFrame';
import { publishDiagrams } from './support/published';
import { autoSaveOff } from './support/saving';
import { signInLocally, uniqueLogin } from './support/signIn';

const CHECKOUT = [
  'sequenceDiagram',
  '  accTitle: Checkout',
  '  actor C as Customer',
  '  participant S as Storefront',
  '  participant P as Payments',
  '  C->>S: place order',
  '  loop Retry up to 3 times',
  '    S-)P: authorise card',
  '    Note right of P: idempotent',
  '  end',
  '  alt accepted',
  '    P-->>S: approved',
  '  else declined',
  '    P--xS: declined',
  '  end',
].join('\n');

const MESSAGES = [
  '1. Customer to Storefront: place order',
  '2. Storefront to Payments: authorise card (async)',
  '3. Payments to Storefront: approved (reply)',
  '4. Payments to Storefront: declined (reply, lost)',
] as const;

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** The virtual screen reader's browser build, its one export put on the window. */
const READER_SOURCE = readFileSync(
  require.resolve('@guidepup/virtual-screen-reader/browser.js'),
  'utf8',
).replace(
  /export\s*\{\s*[\w$]+ as Virtual\s*,\s*([\w$]+) as virtual\s*\}/,
  'window.__virtual = $1;',
);
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** What has the keyboard in the frame: its text, or '#stage' for the drawing itself. */
const focusedInFrame = (frame: Frame) =>
  frame.evaluate(() => {
    const active = document.activeElement;
    if (!document.hasFocus() || !active) return null;
    if (active.id === 'stage') return '#stage';
    return active.firstChild?.textContent ?? active.textContent;
  });

/** Presses Tab until the drawing has the keyboard (at most `limit` presses). */
async function tabToDrawing(page: Page, frame: Frame, limit = 30) {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedInFrame(frame)) === '#stage') return;
  }
  throw new Error('Tab never reached the drawing');
}

async function seriousViolations(frame: Frame): Promise<string[]> {
  await frame.evaluate(AXE_SOURCE);
  const result = await frame.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags } }) as Promise<AxeResults>,
    TAGS,
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** What the virtual screen reader says walking the drawing's region from start to end. */
async function spokenWalk(frame: Frame): Promise<string[]> {
  await frame.evaluate(READER_SOURCE);
  return frame.evaluate(async () => {
    type Virtual = {
      start(options: { container: Element }): Promise<void>;
      next(): Promise<void>;
      lastSpokenPhrase(): Promise<string>;
      spokenPhraseLog(): Promise<string[]>;
      stop(): Promise<void>;
    };
    const virtual = (window as unknown as { __virtual: Virtual }).__virtual;
    await virtual.start({ container: document.querySelector('.lifeline-walk')! });
    for (let step = 0; step < 200; step += 1) {
      await virtual.next();
      if ((await virtual.lastSpokenPhrase()).startsWith('end of region')) break;
    }
    const log = await virtual.spokenPhraseLog();
    await virtual.stop();
    return log;
  });
}

/** The phrases that name something (not the lists' own starts and ends). */
const named = (spoken: string[]) =>
  spoken.filter((phrase) => !/^(?:end of |list|paragraph|listitem|group$)/.test(phrase));

/**
 * The focused item's ring: its width, whether it holds the drawn label it stands for (a
 * message's text, a participant's top box) and no more than that much room around it, and
 * whether it is in sight.
 */
async function ringOver(frame: Frame, label: string, drawn = 'text.messageText') {
  return frame.evaluate(
    ({ label, drawn }) => {
      const active = document.activeElement as HTMLElement;
      const style = getComputedStyle(active);
      const ring = active.getBoundingClientRect();
      const at = [...document.querySelectorAll(`#canvas svg ${drawn}`)]
        .filter((text) => text.textContent === label)
        .map((text) => text.getBoundingClientRect())
        .sort((a, b) => a.top - b.top)[0];
      const inside =
        !!at &&
        at.left >= ring.left &&
        at.right <= ring.right &&
        at.top >= ring.top &&
        at.bottom <= ring.bottom &&
        ring.height < at.height + 80;
      const seen =
        ring.left >= 0 &&
        ring.top >= 0 &&
        ring.right <= window.innerWidth &&
        ring.bottom <= window.innerHeight;
      return { width: parseFloat(style.outlineWidth), inside, seen };
    },
    { label, drawn },
  );
}

/** Presses `key` in the drawing and waits until `name` has the keyboard. */
async function walkTo(page: Page, frame: Frame, key: string, name: string) {
  await page.keyboard.press(key);
  await expect.poll(() => focusedInFrame(frame)).toBe(name);
}

/** The focused item's ring is drawn round `label` and is in sight (the view glides to it). */
async function expectRingOver(frame: Frame, label: string, drawn?: string) {
  await expect
    .poll(() => ringOver(frame, label, drawn))
    .toEqual({ width: 3, inside: true, seen: true });
}

async function openEditor(page: Page, text: string) {
  const editor = new EditorPage(page);
  await editor.open();
  await editor.setText(text);
  await drawnUpToDate(page);
  const frame = await renderFrame(page);
  await expect(
    previewFrame(page).getByRole('region', { name: 'Sequence diagram: Checkout' }),
  ).toBeAttached();
  return { editor, frame };
}

test.describe('the drawing walked by keyboard', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const scheme of ['light', 'dark'] as const) {
    test(`in the editor's preview: arrows, ] and [, Home/End, Alt+Enter, Escape (${scheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const { editor, frame } = await openEditor(page, CHECKOUT);
      // Mermaid's SVG is hidden from screen readers: the region says all it says.
      await expect(previewFrame(page).locator('#canvas > svg')).toHaveAttribute(
        'aria-hidden',
        'true',
      );
      // From the zoom controls, Tab reaches the drawing.
      await page.getByTestId(PREVIEW_TESTIDS.pinToggle).focus();
      await tabToDrawing(page, frame);
      await walkTo(page, frame, 'ArrowDown', MESSAGES[0]);
      await walkTo(page, frame, 'ArrowDown', MESSAGES[1]);
      // The view glides to it: the ring is over the message, in sight.
      await expectRingOver(frame, 'authorise card');
      // From a message, → goes to its receiver and ← to its sender.
      await walkTo(page, frame, 'ArrowRight', 'Payments (participant, written P)');
      await expectRingOver(frame, 'Payments', 'text.actor');
      await walkTo(page, frame, 'ArrowLeft', 'Storefront (participant, written S)');
      await walkTo(page, frame, 'Home', 'Customer (actor, written C)');
      await expectRingOver(frame, 'Customer', 'g.actor-man text');
      await walkTo(page, frame, 'End', 'Payments (participant, written P)');
      // ] and [: the next and previous message to or from Payments, after the one walked last.
      await walkTo(page, frame, ']', MESSAGES[2]);
      await walkTo(page, frame, ']', MESSAGES[3]);
      await walkTo(page, frame, '[', MESSAGES[2]);
      await walkTo(page, frame, 'ArrowUp', MESSAGES[1]);
      await walkTo(page, frame, 'End', MESSAGES[3]);
      await walkTo(page, frame, 'Home', MESSAGES[0]);
      expect(await seriousViolations(frame)).toEqual([]);
      // Alt+Enter: the text editor takes the keyboard on the message's line.
      await page.keyboard.press('Alt+Enter');
      await expect(editor.content).toBeFocused();
      await expect(editor.content.locator('.cm-activeLine')).toHaveText('  C->>S: place order');
      // Escape leaves the drawing for where the keyboard came from.
      await page.getByTestId(PREVIEW_TESTIDS.pinToggle).focus();
      await tabToDrawing(page, frame);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focusedInFrame(frame)).not.toBe('#stage');
      await page.keyboard.press('Escape');
      await expect(page.getByTestId(PREVIEW_TESTIDS.pinToggle)).toBeFocused();
    });
  }

  test('the focused message is the one Alt+↑/↓ moves; the walk follows it', async ({ page }) => {
    const { editor, frame } = await openEditor(page, CHECKOUT);
    await page.getByTestId(PREVIEW_TESTIDS.pinToggle).focus();
    await tabToDrawing(page, frame);
    await page.keyboard.press('ArrowDown');
    await walkTo(page, frame, 'ArrowDown', MESSAGES[1]);
    await page.keyboard.press('Alt+ArrowUp');
    // Out of the loop, above it, with its note: the second message still, and still focused.
    await expect
      .poll(() => editor.text())
      .toContain(
        '  C->>S: place order\n  S-)P: authorise card\n  Note right of P: idempotent\n  loop Retry',
      );
    await drawnUpToDate(page);
    await expect.poll(() => focusedInFrame(frame)).toBe(MESSAGES[1]);
  });

  test('a screen reader hears the region: participants, then messages inside their blocks', async ({
    page,
  }) => {
    const { frame } = await openEditor(page, CHECKOUT);
    const spoken = await spokenWalk(frame);
    expect(spoken[0]).toBe('region, Sequence diagram: Checkout');
    expect(spoken.at(-1)).toBe('end of region, Sequence diagram: Checkout');
    expect(named(spoken)).toEqual([
      'region, Sequence diagram: Checkout',
      '3 participants, 4 messages',
      'Customer (actor, written C)',
      'Storefront (participant, written S)',
      'Payments (participant, written P)',
      MESSAGES[0],
      'group, Loop: Retry up to 3 times',
      MESSAGES[1],
      'Note right of Payments: idempotent',
      'group, Alternative: accepted',
      MESSAGES[2],
      'group, Else: declined',
      MESSAGES[3],
    ]);
  });
});

test.describe('the shared page and present mode', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the shared page's drawing is walked by keyboard and clean by axe (${scheme})`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const [token] = await publishDiagrams('Walker', [{ title: 'Orders', content: CHECKOUT }]);
      await page.goto(`/d/${token}`);
      await drawnUpToDate(page);
      const frame = await renderFrame(page);
      await expect(
        previewFrame(page).getByRole('region', { name: 'Sequence diagram: Checkout' }),
      ).toBeAttached();
      // The code editor has the keyboard on load: Escape, then Tab leaves it (Tab alone indents).
      await page.getByRole('textbox', { name: 'Diagram code' }).focus();
      await page.keyboard.press('Escape');
      await tabToDrawing(page, frame);
      await walkTo(page, frame, 'ArrowDown', MESSAGES[0]);
      await walkTo(page, frame, 'End', MESSAGES[3]);
      await expectRingOver(frame, 'declined');
      await walkTo(page, frame, 'ArrowLeft', 'Payments (participant, written P)');
      expect(await seriousViolations(frame)).toEqual([]);
      expect(named(await spokenWalk(frame)).slice(5)).toEqual([
        MESSAGES[0],
        'group, Loop: Retry up to 3 times',
        MESSAGES[1],
        'Note right of Payments: idempotent',
        'group, Alternative: accepted',
        MESSAGES[2],
        'group, Else: declined',
        MESSAGES[3],
      ]);
    });
  }

  test('present mode: each step by keyboard shows that many messages to a screen reader', async ({
    page,
  }) => {
    const [token] = await publishDiagrams('Presenter', [
      { title: 'Orders', content: CHECKOUT.replace('  accTitle: Checkout\n', '') },
    ]);
    await page.goto(`/d/${token}?step=1`);
    await expect(page.getByTestId(PRESENT_TESTIDS.view)).toBeVisible();
    const handle = await page
      .getByTestId(PRESENT_TESTIDS.view)
      .getByTestId(PREVIEW_TESTIDS.frame)
      .elementHandle();
    const frame = (await handle!.contentFrame())!;
    const region = page
      .frameLocator(
        `[data-testid="${PRESENT_TESTIDS.view}"] [data-testid="${PREVIEW_TESTIDS.frame}"]`,
      )
      // Without accTitle or title, the region takes the diagram's own name.
      .getByRole('region', { name: 'Sequence diagram: Orders' });
    await expect(region).toBeAttached();
    const walkedMessages = async () =>
      named(await spokenWalk(frame)).filter((phrase) => /^(?:\d\. |group)/.test(phrase));
    // Blocks appear with their first message, as in the drawing.
    await expect.poll(walkedMessages).toEqual(MESSAGES.slice(0, 1));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId(PRESENT_TESTIDS.counter)).toContainText(
      'Payments to Storefront: approved (reply)',
    );
    await expect
      .poll(walkedMessages)
      .toEqual([
        MESSAGES[0],
        'group, Loop: Retry up to 3 times',
        MESSAGES[1],
        'group, Alternative: accepted',
        MESSAGES[2],
      ]);
    await page.keyboard.press('End');
    await expect
      .poll(walkedMessages)
      .toEqual([
        MESSAGES[0],
        'group, Loop: Retry up to 3 times',
        MESSAGES[1],
        'group, Alternative: accepted',
        MESSAGES[2],
        'group, Else: declined',
        MESSAGES[3],
      ]);
    expect(await seriousViolations(frame)).toEqual([]);
  });

  test('present mode: the text’s accTitle and accDescr name it; reduced motion moves at once', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const long = [
      'sequenceDiagram',
      '  accTitle: Nightly import',
      '  accDescr: Files come in one by one',
      ...Array.from({ length: 30 }, (_, i) => `  A->>B: file ${i + 1}`),
    ].join('\n');
    const [token] = await publishDiagrams('Presenter', [{ title: 'Imports', content: long }]);
    await page.goto(`/d/${token}?step=1`);
    const view = page.getByTestId(PRESENT_TESTIDS.view);
    await expect(view).toBeVisible();
    await expect(view).toHaveAccessibleName(/Presenting Nightly import/);
    await expect(view).toHaveAccessibleDescription('Files come in one by one');
    await expect(page.getByTestId(PRESENT_TESTIDS.progress).locator('div')).toHaveCSS(
      'transition-property',
      'none',
    );
    const handle = await view.getByTestId(PREVIEW_TESTIDS.frame).elementHandle();
    const frame = (await handle!.contentFrame())!;
    await expect
      .poll(() => frame.evaluate(() => document.querySelector('.lifeline-walk') !== null))
      .toBe(true);
    // Every place the view is written to while it follows the last message.
    await frame.evaluate(() => {
      const canvas = document.getElementById('canvas')!;
      const seen: string[] = [];
      (window as unknown as { __moves: string[] }).__moves = seen;
      new MutationObserver(() => {
        if (seen.at(-1) !== canvas.style.transform) seen.push(canvas.style.transform);
      }).observe(canvas, { attributes: true, attributeFilter: ['style'] });
    });
    await page.keyboard.press('End');
    await expect(view).toHaveAttribute('data-step', '30');
    const moves = () => frame.evaluate(() => (window as unknown as { __moves: string[] }).__moves);
    // One move, straight to where the last message is in sight: no glide through the ones between.
    await expect.poll(async () => (await moves()).length).toBeGreaterThan(0);
    await expect
      .poll(() =>
        frame.evaluate(() => {
          const label = [...document.querySelectorAll('text.messageText')].at(-1)!;
          const at = label.getBoundingClientRect();
          return at.bottom <= window.innerHeight && at.top >= 0;
        }),
      )
      .toBe(true);
    expect(await moves()).toHaveLength(1);
  });
});

test('History draws a version with the same region, named by the diagram when the text is not', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInLocally(page, `${uniqueLogin('walk')}@example.test`, 'Walker');
  await page.goto('/');
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
  const editor = new EditorPage(page);
  await autoSaveOff(page);
  await editor.title.fill('Orders');
  await editor.setText(CHECKOUT.replace('  accTitle: Checkout\n', ''));
  await page.getByTestId(EDITOR_TESTIDS.save).click();
  await expect(page.getByTestId(SAVING_TESTIDS.status)).toHaveText(SAVING_COPY.saved);
  await page.getByTestId(HISTORY_TESTIDS.button).click();
  const dialog = page.getByTestId(HISTORY_TESTIDS.dialog);
  const preview = dialog.getByTestId(PREVIEW_TESTIDS.root);
  await expect(preview).toHaveAttribute('data-status', 'ok');
  const inHistory = page.frameLocator(
    `[data-testid="${HISTORY_TESTIDS.dialog}"] [data-testid="${PREVIEW_TESTIDS.frame}"]`,
  );
  await expect(inHistory.getByRole('region', { name: 'Sequence diagram: Orders' })).toBeAttached();
  const handle = await preview.getByTestId(PREVIEW_TESTIDS.frame).elementHandle();
  const frame = (await handle!.contentFrame())!;
  await inHistory.locator('#stage').focus();
  await walkTo(page, frame, 'End', MESSAGES[3]);
  expect(named(await spokenWalk(frame)).slice(5)).toEqual([
    MESSAGES[0],
    'group, Loop: Retry up to 3 times',
    MESSAGES[1],
    'Note right of Payments: idempotent',
    'group, Alternative: accepted',
    MESSAGES[2],
    'group, Else: declined',
    MESSAGES[3],
  ]);
});
