import { expect, test } from '@playwright/test';
import { TEMPLATE_LIST_HEIGHT_PX } from '../src/shared/constants';
import { TEMPLATE_DIALOG } from '../src/shared/messages';
import { BLANK_DIAGRAM, TEMPLATES } from '../src/shared/templates';
import { TEMPLATE_COPY } from '../src/client/features/templates/copy';
import { TEMPLATE_TESTIDS } from '../src/client/features/templates/testIds';
import { EditorPage } from './support/editorPage';
import { signInLocally, uniqueLogin } from './support/signIn';

test.describe('Choose a Template', () => {
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
    await editor.button('New').click();
    await expect(page.getByRole('dialog', { name: TEMPLATE_DIALOG.title })).toBeVisible();
  });

  test('lists the four templates in a 400px two-column grid', async ({ page }) => {
    const cards = page.getByTestId(TEMPLATE_TESTIDS.card);
    await expect(cards).toHaveCount(4);
    for (const [index, template] of TEMPLATES.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(template.title);
      await expect(card).toContainText(template.description);
      await expect(card).toContainText(`Category: ${template.category}`);
    }
    const list = page.getByTestId(TEMPLATE_TESTIDS.list);
    expect((await list.boundingBox())?.height).toBe(TEMPLATE_LIST_HEIGHT_PX);
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    // Two columns: the first two cards share a row.
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first?.y).toBe(second?.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width);
  });

  test('choosing a card loads it and closes the dialog', async ({ page }) => {
    const template = TEMPLATES.find((t) => t.id === 'sequence-auth')!;
    await page.getByTestId(TEMPLATE_TESTIDS.card).filter({ hasText: template.title }).click();
    await expect(editor.templateDialog).toBeHidden();
    await expect(editor.title).toHaveValue(template.title);
    await expect.poll(() => editor.text()).toBe(template.content);
    await expect(editor.content).toBeFocused();
  });

  test('Blank diagram starts from the blank-diagram defaults', async ({ page }) => {
    await page.getByTestId(TEMPLATE_TESTIDS.card).first().click();
    await editor.button('New').click();
    await page.getByRole('button', { name: 'Blank diagram' }).click();
    await expect(editor.templateDialog).toBeHidden();
    await expect(editor.title).toHaveValue(BLANK_DIAGRAM.title);
    await expect.poll(() => editor.text()).toBe(BLANK_DIAGRAM.content);
  });

  test('the Close button closes it without changing the diagram', async ({ page }) => {
    await page.getByRole('button', { name: TEMPLATE_DIALOG.close }).click();
    await expect(editor.templateDialog).toBeHidden();
    await expect(editor.title).toHaveValue(BLANK_DIAGRAM.title);
    expect(await editor.text()).toBe(BLANK_DIAGRAM.content);
  });

  test('each card shows its template drawn, in the page theme', async ({ page }) => {
    const drawings = page.getByTestId(TEMPLATE_TESTIDS.drawing);
    await expect(drawings).toHaveCount(TEMPLATES.length);
    for (const [index, template] of TEMPLATES.entries()) {
      const drawing = drawings.nth(index);
      await drawing.scrollIntoViewIfNeeded();
      await expect(drawing).toHaveAttribute('src', `/templates/${template.id}.svg?theme=light`);
      await expect
        .poll(() => drawing.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(50);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(drawings.first()).toHaveAttribute('src', /theme=dark$/);
    await expect
      .poll(() => drawings.first().evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(50);
  });

  test('signed out, it says a choice replaces the text in the editor', async ({ page }) => {
    await expect(page.getByRole('dialog', { name: TEMPLATE_DIALOG.title })).toContainText(
      TEMPLATE_COPY.replaces,
    );
  });
});

test('signed in, the chooser says a choice starts a new diagram', async ({ page }) => {
  await signInLocally(page, `${uniqueLogin('templates')}@example.test`);
  await page.goto('/');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: TEMPLATE_DIALOG.title });
  await expect(dialog).toContainText(TEMPLATE_COPY.startsNew);
  await expect(dialog).not.toContainText(TEMPLATE_COPY.replaces);
});
