import { expect, test } from '@playwright/test';
import { PANELS } from '../src/shared/constants';
import { STORAGE_KEYS } from '../src/shared/storage-keys';
import { EditorPage } from './support/editorPage';

/** react-resizable-panels stores the layout under this key (its prefix + our autosave id). */
const LAYOUT_KEY = `react-resizable-panels:${STORAGE_KEYS.panelsAutoSaveId('signed-out')}`;

test.describe('resizable panels', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
  });

  test('start at 50/50', async () => {
    expect(await editor.editorSize()).toBe(PANELS.editor.defaultSignedOut);
  });

  test('resize by 10% with the keyboard, 100% with Shift, never below 30%', async ({ page }) => {
    await editor.resizeHandle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => editor.editorSize()).toBe(40);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => editor.editorSize()).toBe(60);
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => editor.editorSize()).toBe(PANELS.editor.min);
  });

  test('keyboard-resized sizes survive a reload', async ({ page }) => {
    await editor.resizeHandle.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => editor.editorSize()).toBe(40);
    await expect.poll(() => editor.storageItem(LAYOUT_KEY)).toContain('[40,60]');
    await page.reload();
    await expect(editor.content).toBeVisible();
    expect(await editor.editorSize()).toBe(40);
  });

  test('dragged sizes survive a reload', async ({ page }) => {
    const box = (await editor.resizeHandle.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + 256, y, { steps: 8 }); // +256px of 1280 = +20%
    await page.mouse.up();
    await expect.poll(() => editor.editorSize()).toBeGreaterThan(65);
    const dragged = await editor.editorSize();
    // The layout is stored a moment after each move of the drag: wait for the last one.
    const storedEditorSize = async () => {
      const stored = await editor.storageItem(LAYOUT_KEY);
      const size = stored?.match(/"layout":\[([\d.]+),/)?.[1];
      return size === undefined ? -1 : Number(size);
    };
    await expect.poll(storedEditorSize).toBeCloseTo(dragged, 1);
    await page.reload();
    await expect(editor.content).toBeVisible();
    expect(await editor.editorSize()).toBeCloseTo(dragged, 1);
  });
});

test.describe('narrow screens', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('show the editor or the preview, chosen by tabs', async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open();
    await expect(editor.editorPanel).toBeVisible();
    await expect(editor.previewPanel).toBeHidden();
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await expect(editor.previewPanel).toBeVisible();
    await expect(editor.editorPanel).toBeHidden();
  });
});
