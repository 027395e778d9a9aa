import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { signInLocally, uniqueLogin } from './support/signIn';

const frame = (page: Page) => page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
const line = (page: Page, number: number) => page.locator('.cm-line').nth(number - 1);
const activeLine = (page: Page) => page.locator('.cm-activeLine');
/** @codemirror/autocomplete's default `interactionDelay` (ms). */
const COMPLETION_INTERACTION_DELAY_MS = 75;

const BROKEN = [
  'sequenceDiagram',
  '    Alice->>Bob: hi',
  '    Alice=>Bob: oops',
  '    Bob-->>Alice: ok',
].join('\n');

const TYPO = [
  'sequenceDiagram',
  '    participant Alice',
  '    participant Bob',
  '    Bob->>Alcie: hi',
  '    Alice->>Bob: ok',
].join('\n');

const GOOD = [
  'sequenceDiagram',
  '    participant Alice',
  '    participant Bob',
  '    Alice->>Bob: first',
  '    Bob-->>Alice: second',
  '    Note over Alice,Bob: a note',
  '    Alice->>Bob: third',
].join('\n');

test.describe('an editor that knows sequence diagrams', () => {
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
  });

  test("mermaid's parse error is marked on its line, linked from the status line, and goes when fixed", async ({
    page,
  }) => {
    await editor.setText(BROKEN);
    const mark = line(page, 3).locator('.cm-lintRange-error').first();
    await expect(mark).toBeVisible();
    await expect(page.locator('.cm-line .cm-lintRange-error').first()).toBeVisible();
    await expect(page.locator('.cm-gutter-lint .cm-lint-marker-error')).toHaveCount(1);
    await mark.hover();
    await expect(page.locator('.cm-tooltip-lint')).toContainText(
      'Line 3: This arrow is not one mermaid knows',
    );

    await page.getByTestId(PREVIEW_TESTIDS.errorLink).click();
    await expect(activeLine(page)).toHaveText('    Alice=>Bob: oops');

    await editor.setText(BROKEN.replace('Alice=>Bob', 'Alice->>Bob'));
    await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
    await expect(page.getByTestId(PREVIEW_TESTIDS.errorLink)).toHaveCount(0);
  });

  test('a participant typo names the participant meant, and its fix works', async ({ page }) => {
    await editor.setText(TYPO);
    const mark = line(page, 4).locator('.cm-lintRange-warning');
    await expect(mark).toHaveText('Alcie');
    await mark.hover();
    const tooltip = page.locator('.cm-tooltip-lint');
    await expect(tooltip).toContainText('Did you mean Alice?');
    await tooltip.getByRole('button', { name: 'Change to Alice' }).click();
    await expect.poll(() => editor.text()).toBe(TYPO.replace('Alcie', 'Alice'));
    await expect(page.locator('.cm-lintRange-warning')).toHaveCount(0);
  });

  test('completion offers participants after an arrow and keywords at a line start', async ({
    page,
  }) => {
    // Signed out, every fifth typed edit opens 'Save Your Work' (spec §4) and takes the focus;
    // each part starts from a fresh open and types at most four edits, the rest as one paste.
    // Four opens of the editor: on a busy two-core machine each can take 5–15 s.
    test.slow();
    const startLine = async (typed: string) => {
      await editor.open();
      await editor.setText(GOOD);
      await editor.focusEnd();
      await page.keyboard.insertText(`\n${typed}`);
    };
    const options = page.locator('.cm-tooltip-autocomplete li');

    await startLine('    Bob->>');
    await page.keyboard.press('Control+Space');
    await expect(options.first()).toHaveText('Alice');
    await expect(options).toHaveText(['Alice', 'Bob']);
    // CodeMirror ignores Enter on a list open for less than its interaction delay, so that a
    // quick key never picks an option nobody has seen: a reader takes longer than that.
    await page.waitForTimeout(COMPLETION_INTERACTION_DELAY_MS + 50);
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.text()).toContain('Bob->>Alice');

    await startLine('    ');
    await page.keyboard.type('lo');
    await expect(options.filter({ hasText: /^loop/ })).toHaveCount(1);
    await page.keyboard.press('Escape');

    await startLine('    Alice ');
    await page.keyboard.type('-');
    await expect(options.first()).toContainText('->>');
    await expect(options.first()).toContainText('Solid line with arrowhead');
    await expect(editor.saveYourWork).toBeHidden();
  });

  test('Enter at the end of a word the list would only repeat starts a new line', async ({
    page,
  }) => {
    // Signed in: no 'Save Your Work' nudge, so every line can be typed key by key, at a
    // person's pace (about 90 keys and six pauses).
    test.slow();
    await signInLocally(page, `${uniqueLogin('enter')}@example.test`);
    const start = [
      'sequenceDiagram',
      '    participant Api',
      '    participant Stripe',
      '    classDef external fill:#fef3c7',
      '',
    ].join('\n');
    const created = await page.request.post('/api/diagrams', {
      data: { title: 'Enter', content: start },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.goto(`/?diagramId=${id}`);
    await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
    await expect.poll(() => editor.text()).toBe(start);
    await editor.focusEnd();
    const lines = [
      'activate Api',
      'deactivate Api',
      'Note over Api',
      'Api->>Stripe',
      'Stripe-->>Api',
      'class Stripe external',
    ];
    for (const typed of lines) {
      // A person's pace: the list opens and has been seen when Enter comes.
      await page.keyboard.type(typed, { delay: 60 });
      await page.waitForTimeout(COMPLETION_INTERACTION_DELAY_MS + 150);
      await page.keyboard.press('Enter');
    }
    await expect
      .poll(async () => (await editor.text()).split('\n').map((text) => text.trim()))
      .toEqual([
        ...start
          .split('\n')
          .slice(0, -1)
          .map((text) => text.trim()),
        ...lines,
        '',
      ]);
  });

  test('a click on a message in the drawing puts the cursor on its line', async ({ page }) => {
    await editor.setText(GOOD);
    await frame(page).locator('text.messageText', { hasText: 'second' }).click();
    await expect(activeLine(page)).toHaveText('    Bob-->>Alice: second');
    await frame(page).locator('text.noteText', { hasText: 'a note' }).click();
    await expect(activeLine(page)).toHaveText('    Note over Alice,Bob: a note');
  });

  test('the cursor line highlights its element in the drawing', async ({ page }) => {
    await editor.setText(GOOD);
    await expect(frame(page).locator('text.messageText', { hasText: 'third' })).toBeVisible();
    await editor.focusEnd();
    const highlighted = frame(page).locator('.lifeline-highlight');
    await expect(highlighted.filter({ hasText: 'third' })).toHaveCount(1);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(highlighted.filter({ hasText: 'second' })).toHaveCount(1);
    await expect(highlighted.filter({ hasText: 'third' })).toHaveCount(0);
  });

  test('Shift+Alt+F formats the diagram in one undo step of its own', async ({ page }) => {
    await editor.setText('sequenceDiagram\nloop daily   \nA->>B: hi\nend');
    await editor.focusEnd();
    // Typed right before: the history joins changes within half a second, but not this one.
    await page.keyboard.type(' ');
    await page.keyboard.press('Shift+Alt+F');
    await expect
      .poll(() => editor.text())
      .toBe('sequenceDiagram\n    loop daily\n        A->>B: hi\n    end');
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => editor.text()).toBe('sequenceDiagram\nloop daily   \nA->>B: hi\nend ');
  });
});
