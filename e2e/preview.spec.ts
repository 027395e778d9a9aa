import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { denseFlowchart, readFixture } from '../test/fixtures/diagrams';
import { DIAGRAM_TEXT_MAX } from '../src/shared/constants';
import { PREVIEW_TEXT } from '../src/shared/messages';
import { TEMPLATES } from '../src/shared/templates';
import { EXPORT_TESTIDS } from '../src/client/features/export/testIds';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { PINNED_CLASS } from '../src/client/features/preview/frame/pinnedHeaders';
import { HIGHLIGHT_CLASS } from '../src/client/features/preview/frame/sourceLink';
import { EditorPage } from './support/editorPage';

const FLOW = readFixture('flow.mmd');
const MEDIUM = readFixture('medium.mmd');
/** Drawn in a second or more even by the patched mermaid (`large.mmd` now takes a fraction). */
const SLOW = denseFlowchart('preview');

// Trace snapshots read every frame's DOM, so with tracing each action would wait for a busy
// render frame and hide what the long-render test checks: the editor page itself is not blocked.

const preview = (page: Page) => page.getByTestId(PREVIEW_TESTIDS.root);
const drawing = (page: Page) =>
  page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`).locator('svg').first();

/** Waits until the preview shows `text` (by its length: every step here changes it) in `status`. */
async function expectShown(page: Page, text: string, status = 'ok') {
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(text.length));
  await expect(preview(page)).toHaveAttribute('data-status', status);
}

async function openEditor(page: Page) {
  const editor = new EditorPage(page);
  await editor.open();
  await expect(preview(page)).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  return editor;
}

test('the preview is a sandboxed, opaque-origin frame', async ({ page }) => {
  await openEditor(page);
  const frame = page.getByTestId(PREVIEW_TESTIDS.frame);
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  await expect(frame).toHaveAttribute('src', '/frame.html');
  await expect(drawing(page)).toBeVisible();
});

test('typing updates the preview drawing', async ({ page }) => {
  const editor = await openEditor(page);
  const text = 'sequenceDiagram\n    Alice->>Bob: Hello';
  await editor.setText(text);
  await expectShown(page, text);
  await expect(drawing(page)).toContainText('Hello');
  await editor.focusEnd();
  await page.keyboard.type('Zed'); // under the 5 edits that open the sign-in prompt
  await expectShown(page, `${text}Zed`);
  await expect(drawing(page)).toContainText('HelloZed');
});

/** The drawing on screen as markup, without what differs between two pages that drew it. */
function shownMarkup(page: Page): Promise<string> {
  return drawing(page).evaluate(
    (svg, { pinned, highlight }) => {
      const copy = svg.cloneNode(true) as Element;
      copy.querySelector(`:scope > g.${pinned}`)?.remove();
      for (const element of [copy, ...copy.querySelectorAll('*')]) {
        // mermaid numbers element ids across a page's renders; the cursor line is marked.
        element.removeAttribute('id');
        element.classList.remove(highlight);
        if (element.getAttribute('class') === '') element.removeAttribute('class');
        // An element changed in place keeps its attributes' old order; the order means nothing.
        const attributes = [...element.attributes].map((a) => [a.name, a.value] as const);
        for (const [name] of attributes) element.removeAttribute(name);
        for (const [name, value] of attributes.sort(([a], [b]) => (a < b ? -1 : 1))) {
          element.setAttribute(name, value);
        }
      }
      return copy.outerHTML;
    },
    { pinned: PINNED_CLASS, highlight: HIGHLIGHT_CLASS },
  );
}

test('a new drawing changes the one on screen in place, into what a fresh page shows', async ({
  page,
  context,
}) => {
  const editor = await openEditor(page);
  const before = 'sequenceDiagram\n    Alice->>Bob: Hello\n    Bob-->>Alice: Hi';
  const after =
    'sequenceDiagram\n    Alice->>Bob: Hello there\n    Bob->>Carol: Pass it on\n    Note over Bob: thinking';
  await editor.setText(before);
  await expectShown(page, before);
  // A property, not an attribute: changing the SVG in place sets its attributes to the new ones.
  await drawing(page).evaluate((svg) => Object.assign(svg, { testMark: 'kept' }));
  await editor.setText(after);
  await expectShown(page, after);
  // The same element, changed: what typing into a long diagram gets, instead of a new SVG.
  expect(await drawing(page).evaluate((svg) => 'testMark' in svg)).toBe(true);
  await expect(drawing(page)).toContainText('Pass it on');
  await expect(drawing(page)).not.toContainText('Hi');

  await editor.setText(after);
  await expectShown(page, after);

  const fresh = await context.newPage();
  const freshEditor = await openEditor(fresh);
  await freshEditor.setText(after);
  await expectShown(fresh, after);
  expect(await shownMarkup(page)).toBe(await shownMarkup(fresh));

  // Another kind of diagram replaces what no longer matches.
  await editor.setText(FLOW);
  await expectShown(page, FLOW);
  await freshEditor.setText(FLOW);
  await expectShown(fresh, FLOW);
  expect(await shownMarkup(page)).toBe(await shownMarkup(fresh));
});

test('a malformed directive shows the syntax error and the comment-stripped fallback', async ({
  page,
}) => {
  const editor = await openEditor(page);
  const text = '%%{init: {\nsequenceDiagram\n    Alice->>Bob: Drawn without comments';
  await editor.setText(text);
  await expectShown(page, text, 'fallback');
  await expect(drawing(page)).toContainText('Drawn without comments');
  await expect(page.getByTestId(PREVIEW_TESTIDS.status)).toContainText(PREVIEW_TEXT.syntaxError);
});

test('a broken line the fallback cannot fix keeps the error graphic', async ({ page }) => {
  const editor = await openEditor(page);
  const text = 'sequenceDiagram\n    %% a comment\n    Alice->>: broken';
  await editor.setText(text);
  await expectShown(page, text, 'error');
  // The cursor is not on the broken line: the error graphic shows without waiting for a pause.
  await expect(
    page
      .frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`)
      .locator('svg[aria-roledescription="error"]'),
  ).toContainText(PREVIEW_TEXT.syntaxError);
  await expect(page.getByTestId(PREVIEW_TESTIDS.status)).toContainText(PREVIEW_TEXT.syntaxError);
});

test('text over the limit shows the notice instead of a drawing', async ({ page }) => {
  const editor = await openEditor(page);
  const head = 'sequenceDiagram\n    Alice->>Bob: Hi\n%% ';
  const text = head + 'x'.repeat(DIAGRAM_TEXT_MAX + 1 - head.length);
  expect(text).toHaveLength(50001);
  await editor.setText(text);
  await expect(preview(page)).toHaveAttribute('data-status', 'too-large');
  await expect(page.getByTestId(PREVIEW_TESTIDS.notice)).toHaveText(PREVIEW_TEXT.maxTextExceeded);
  await expect(page.getByTestId(PREVIEW_TESTIDS.frame)).toBeHidden();

  const shorter = text.slice(0, DIAGRAM_TEXT_MAX);
  await editor.setText(shorter);
  await expectShown(page, shorter);
  await expect(page.getByTestId(PREVIEW_TESTIDS.notice)).toHaveCount(0);
});

test('flowcharts and class diagrams render', async ({ page }) => {
  const editor = await openEditor(page);
  await editor.setText(FLOW);
  await expectShown(page, FLOW);
  await expect(drawing(page)).toContainText('Is it working?');

  const classDiagram = TEMPLATES.find((template) => template.category === 'Class')?.content ?? '';
  await editor.setText(classDiagram);
  await expectShown(page, classDiagram);
  await expect(drawing(page)).toContainText('Animal');
});

test('directives cannot lower the security level', async ({ page }) => {
  const editor = await openEditor(page);
  const text = `%%{init: {"securityLevel": "loose"}}%%
flowchart TD
    A["<b onclick='alert(1)'>bold label</b>"] --> B`;
  await editor.setText(text);
  await expectShown(page, text);
  const bold = page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`).locator('b');
  await expect(bold).toHaveText('bold label');
  await expect(bold).not.toHaveAttribute('onclick', /.*/);
});

test('while a long diagram renders, the page stays usable and keeps the last drawing', async ({
  page,
}) => {
  const editor = await openEditor(page);
  const text = 'sequenceDiagram\n    Alice->>Bob: Still here';
  await editor.setText(text);
  await expectShown(page, text);
  await editor.setText(SLOW);
  await expect(preview(page)).toHaveAttribute('data-status', 'rendering');
  // Mid-render (the frame's thread is busy for a second or more), the editor page still answers
  // a menu and the drawing kept for export is the last good one.
  await page.getByTestId(EXPORT_TESTIDS.button).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'SVG', exact: true }).click(),
  ]);
  expect(await preview(page).getAttribute('data-status')).toBe('rendering');
  const exported = readFileSync(await download.path(), 'utf8');
  expect(exported).toContain('Still here');
  expect(exported).not.toContain('with a longer label');
  await expectShown(page, SLOW);
  await expect(drawing(page)).toContainText('node 119 with a longer label');
});

test('newer text is drawn without waiting for a stale long render to finish', async ({ page }) => {
  test.slow(); // three renders of a slow diagram
  const editor = await openEditor(page);
  await editor.setText(SLOW);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(SLOW.length), {
    timeout: 60_000,
  });
  // Every drawing shown, in order, by the text it drew.
  await preview(page).evaluate((section) => {
    const shown: string[] = [];
    (window as unknown as { shownLengths: string[] }).shownLengths = shown;
    new MutationObserver(() => {
      const length = section.getAttribute('data-shown-length') ?? '';
      if (shown.at(-1) !== length) shown.push(length);
    }).observe(section, { attributes: true, attributeFilter: ['data-shown-length'] });
  });
  // Longer than a keystroke's change, so neither waits for a pause in typing.
  const stale = `${SLOW}  stale[a stale edit of the flowchart]\n`;
  const newest = `${SLOW}  newest[the newest edit of the flowchart, the one to draw]\n`;
  const sent = Number(await preview(page).getAttribute('data-latest-seq'));
  await editor.setText(stale);
  // The stale text went to the frame, which is now busy drawing it.
  await expect(preview(page)).toHaveAttribute('data-latest-seq', String(sent + 1));
  await editor.setText(newest);
  await expect(preview(page)).toHaveAttribute('data-shown-length', String(newest.length), {
    timeout: 60_000,
  });
  await expect(drawing(page)).toContainText('the newest edit');
  // The frame that was drawing the stale text was dropped: its drawing never came.
  const shown = await page.evaluate(
    () => (window as unknown as { shownLengths: string[] }).shownLengths,
  );
  expect(shown).toEqual([String(newest.length)]);
  await expect(drawing(page)).not.toContainText('a stale edit');
});

test('zoom controls scale the drawing and fit it to the panel', async ({ page }) => {
  const editor = await openEditor(page);
  await editor.setText(FLOW);
  await expectShown(page, FLOW);
  const level = page.getByTestId(PREVIEW_TESTIDS.zoomLevel);
  // The diagram opened fitted to the panel's width; Reset view is 100 %.
  await page.getByRole('button', { name: 'Reset view' }).click();
  await expect(level).toHaveText('100%');
  const natural = await drawing(page).evaluate((svg) => svg.getBoundingClientRect().width);

  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(level).toHaveText('110%');
  await expect
    .poll(
      async () =>
        (await drawing(page).evaluate((svg) => svg.getBoundingClientRect().width)) / natural,
    )
    .toBeCloseTo(1.1, 1);

  await page.getByRole('button', { name: 'Reset view' }).click();
  await expect(level).toHaveText('100%');

  await editor.setText(MEDIUM);
  await expectShown(page, MEDIUM);
  await page.getByRole('button', { name: 'Fit to screen' }).click();
  await expect(level).not.toHaveText('100%');
  const frameBox = await page.getByTestId(PREVIEW_TESTIDS.frame).boundingBox();
  await expect
    .poll(() => drawing(page).evaluate((svg) => svg.getBoundingClientRect().height))
    .toBeLessThanOrEqual(frameBox?.height ?? 0);
});
