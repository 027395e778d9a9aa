import { expect, test, type Page } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { resizeAcrossBreakpoint, serverState } from './support/layouts';
import { signInLocally, uniqueLogin } from './support/signIn';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SAVED = 'sequenceDiagram\n    Alice->>Bob: Kept across layouts\n    Bob-->>Alice: Still here';

/** Signed in with one saved diagram open in the editor at desktop width. */
async function openSavedDiagram(page: Page): Promise<{ editor: EditorPage; diagram: Diagram }> {
  await page.setViewportSize(DESKTOP);
  await signInLocally(page, `${uniqueLogin('resize')}@example.test`, 'Resize Tester');
  const created = await page.request.post('/api/diagrams', {
    data: { title: 'Layouts', content: SAVED },
  });
  expect(created.status()).toBe(201);
  const diagram = (await created.json()) as Diagram;
  await page.goto(`/?diagramId=${diagram.id}`);
  await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true', {
    timeout: 30_000,
  });
  const editor = new EditorPage(page);
  await expect.poll(() => editor.text()).toBe(SAVED);
  return { editor, diagram };
}

/** 1440 → 390 → 1440: across the phone breakpoint, where the panels are laid out anew. */
const resizeAcross = (page: Page, editor: EditorPage, expected: string) =>
  resizeAcrossBreakpoint(page, editor, expected, { wide: DESKTOP, narrow: PHONE });

test.describe('a re-layout keeps the open diagram', () => {
  test('crossing 768 px both ways keeps the text and writes nothing', async ({ page }) => {
    const { editor, diagram } = await openSavedDiagram(page);
    const before = await serverState(page, diagram.id);
    expect(before.content).toBe(SAVED);

    await resizeAcross(page, editor, SAVED);
    await expect(page.getByTestId(SAVING_TESTIDS.status)).not.toHaveText(SAVING_COPY.unsaved);
    expect(await serverState(page, diagram.id)).toEqual(before);
  });

  test('undo reaches an edit made before the resize; typing after it saves the right text', async ({
    page,
  }) => {
    const { editor, diagram } = await openSavedDiagram(page);
    const status = page.getByTestId(SAVING_TESTIDS.status);
    const edit = '\n    Alice->>Bob: Typed before';
    await editor.focusEnd();
    await page.keyboard.insertText(edit); // one input event: one step of undo
    await expect(status).toHaveText(SAVING_COPY.saved, { timeout: 15_000 });
    await expect.poll(async () => (await serverState(page, diagram.id)).content).toBe(SAVED + edit);

    await resizeAcross(page, editor, SAVED + edit);
    await editor.focusEnd();
    await page.keyboard.press('ControlOrMeta+z');
    expect(await editor.text()).toBe(SAVED);
    await expect(status).toHaveText(SAVING_COPY.saved, { timeout: 15_000 });
    await expect.poll(async () => (await serverState(page, diagram.id)).content).toBe(SAVED);

    const after = '\n    Bob->>Alice: Typed after';
    // Enter keeps the line's indentation, so a person types the new line without its spaces.
    await page.keyboard.type(after.replace('\n    ', '\n'));
    await expect
      .poll(async () => (await serverState(page, diagram.id)).content)
      .toBe(SAVED + after);
    expect(await editor.text()).toBe(SAVED + after);
  });
});

test('on a narrow desktop the header keeps room for the title and nothing in it overlaps', async ({
  page,
}) => {
  const { editor } = await openSavedDiagram(page);
  const header = page.getByTestId(EDITOR_TESTIDS.header);
  for (const width of [820, 1024, 1279, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const title = await editor.title.boundingBox();
    expect(title?.width ?? 0, `the title at ${width} px`).toBeGreaterThanOrEqual(200);
    // Every control and the save status, each where no other one is.
    const boxes = await header.evaluate((root) =>
      [...root.querySelectorAll('button, input, [role="switch"], [aria-live]')]
        .filter((el) => el.getBoundingClientRect().width > 1 && !el.closest('.sr-only'))
        .map((el) => {
          const rect = el.getBoundingClientRect();
          return {
            name: el.textContent || el.getAttribute('aria-label') || el.tagName,
            ...rect.toJSON(),
          };
        }),
    );
    type Box = { name: string; left: number; right: number; top: number; bottom: number };
    const overlap = (a: Box, b: Box) =>
      a.left < b.right - 0.5 &&
      b.left < a.right - 0.5 &&
      a.top < b.bottom - 0.5 &&
      b.top < a.bottom - 0.5;
    for (const [index, a] of (boxes as Box[]).entries()) {
      for (const b of (boxes as Box[]).slice(index + 1)) {
        expect(overlap(a, b), `${a.name} and ${b.name} at ${width} px`).toBe(false);
      }
    }
    // Nothing runs past the header's right edge.
    const right = Math.max(...(boxes as Box[]).map((box) => box.right));
    expect(right).toBeLessThanOrEqual(width);
  }
});
