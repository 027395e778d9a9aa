import { expect, test, type Page } from '@playwright/test';
import { PREVIEW_COPY } from '../src/client/features/preview/copy';
import { PREVIEW_TESTIDS } from '../src/client/features/preview/testIds';
import { PNG } from 'pngjs';
import { EditorPage } from './support/editorPage';
import { exportAs } from './support/exportAs';

const frame = (page: Page) => page.frameLocator(`[data-testid="${PREVIEW_TESTIDS.frame}"]`);
/** "Colour…" in the drawing's context menu (a right-click or a long press opens it). */
const colourItem = (page: Page) =>
  frame(page).getByRole('menuitem', { name: PREVIEW_COPY.menu.colour });
const line = (page: Page, number: number) => page.locator('.cm-line').nth(number - 1);
/** @codemirror/autocomplete's default `interactionDelay` (ms). */
const COMPLETION_INTERACTION_DELAY_MS = 75;

const STYLED = [
  'sequenceDiagram',
  '    classDef external fill:#fef3c7,stroke:#b45309',
  '    participant Web',
  '    participant Stripe',
  '    class Stripe external',
  '    style Web fill:#e0e7ff,stroke:#4338ca,stroke-width:2px',
  '    Web->>Stripe: charge',
  '    Stripe-->>Web: declined',
  '    linkStyle 1 stroke:#dc2626,color:#dc2626',
].join('\n');

const computed = (page: Page, selector: string, property: 'fill' | 'stroke') =>
  frame(page)
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

test.describe('styled sequence diagrams in the editor', () => {
  let editor: EditorPage;

  test.beforeEach(async ({ page }) => {
    editor = new EditorPage(page);
    await editor.open();
  });

  test('the preview draws the styles, and the styling lines are highlighted', async ({ page }) => {
    await editor.setText(STYLED);
    await expect
      .poll(() => computed(page, 'rect.actor-top[name="Web"]', 'fill'))
      .toBe('rgb(224, 231, 255)');
    expect(await computed(page, 'rect.actor-top[name="Stripe"]', 'fill')).toBe(
      'rgb(254, 243, 199)',
    );
    expect(await computed(page, '.messageLine1', 'stroke')).toBe('rgb(220, 38, 38)');
    expect(await computed(page, '.messageLine0', 'stroke')).not.toBe('rgb(220, 38, 38)');

    await expect(line(page, 2).locator('.cm-style-keyword')).toHaveText('classDef');
    await expect(line(page, 5).locator('.cm-style-target')).toHaveText(['Stripe', 'external']);
    await expect(line(page, 6).locator('.cm-style-property').first()).toHaveText('fill');
    await expect(line(page, 6).locator('.cm-style-value').first()).toHaveText('#e0e7ff');
    // No warning on a correct diagram.
    await expect(page.locator('.cm-lintRange-warning, .cm-lintRange-error')).toHaveCount(0);
  });

  test('hovering a message line says its number for linkStyle', async ({ page }) => {
    await editor.setText(STYLED);
    // Each tooltip shows above its line: the first message first, so none covers the next.
    await line(page, 7).hover({ position: { x: 60, y: 5 } });
    await expect(page.locator('.cm-message-number')).toHaveText('Message 0 (linkStyle 0)');
    await line(page, 8).hover({ position: { x: 60, y: 5 } });
    await expect(page.locator('.cm-message-number')).toHaveText('Message 1 (linkStyle 1)');
    await line(page, 3).hover({ position: { x: 60, y: 5 } });
    await expect(page.locator('.cm-message-number')).toHaveCount(0);
  });

  test('completion offers participants after style and class, and class names', async ({
    page,
  }) => {
    // Signed out, every fifth typed edit opens 'Save Your Work': each part types little.
    test.slow();
    const options = page.locator('.cm-tooltip-autocomplete li');
    const startLine = async (typed: string) => {
      await editor.open();
      await editor.setText(STYLED);
      await editor.focusEnd();
      await page.keyboard.insertText(`\n${typed}`);
      await page.keyboard.press('Control+Space');
    };

    await startLine('    style ');
    await expect(options).toHaveText(['Web', 'Stripe']);

    await startLine('    class Web ');
    await expect(options).toHaveText(['external']);
    await page.waitForTimeout(COMPLETION_INTERACTION_DELAY_MS + 50);
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.text()).toContain('    class Web external');
    await expect(editor.saveYourWork).toBeHidden();
  });

  test('warnings name an unknown class, participant or message, and their fixes work', async ({
    page,
  }) => {
    const wrong = STYLED.replace('class Stripe external', 'class Stripe externl')
      .replace('style Web', 'style Wbe')
      .replace('linkStyle 1', 'linkStyle 5')
      .replace('stroke-width:2px', 'background:url(x)');
    await editor.setText(wrong);
    const warnings = page.locator('.cm-lintRange-warning');
    const tooltip = page.locator('.cm-tooltip-lint');
    let fixed = '';
    const fix = async (marked: string, message: string, button: string) => {
      // The lint of the text as it is now: a busy machine lints the last fix late, and marks
      // redrawn under a still pointer open no tooltip.
      if (fixed) await expect(warnings.filter({ hasText: fixed })).toHaveCount(0);
      await expect(async () => {
        await page.mouse.move(0, 0);
        await warnings.filter({ hasText: marked }).first().hover();
        await expect(tooltip).toContainText(message, { timeout: 2_000 });
      }).toPass();
      await tooltip.getByRole('button', { name: button }).click();
      await expect(tooltip).toBeHidden();
      fixed = marked;
    };
    await fix('externl', 'No classDef "externl" in this diagram', 'Change to external');
    await fix('Wbe', 'No participant "Wbe" in this diagram', 'Change to Web');
    await fix('5', 'No message 5: messages are numbered 0 to 1', 'Change to 1');
    await fix('background', '"background" is not styled here', 'Remove this property');
    await expect.poll(() => editor.text()).toBe(STYLED.replace(',stroke-width:2px', ''));
    await expect(page.locator('.cm-lintRange-warning')).toHaveCount(0);
  });

  test('the palette (Colour… in the right-click menu) writes the statement as one undo step', async ({
    page,
  }) => {
    await editor.setText(STYLED);
    await expect
      .poll(() => computed(page, 'rect.actor-top[name="Web"]', 'fill'))
      .toBe('rgb(224, 231, 255)');
    // A corner of the box: its name in the middle is part of the participant too.
    const corner = { button: 'right', position: { x: 12, y: 12 } } as const;
    await frame(page).locator('rect.actor-top[name="Web"]').click(corner);
    await colourItem(page).click();
    const palette = frame(page).getByRole('menu', { name: 'Colour of Web' });
    await expect(palette.getByRole('menuitem')).toHaveCount(7);
    await palette.getByRole('menuitem', { name: 'Green' }).click();
    await expect(palette).toBeHidden();
    const greener = STYLED.replace(
      'style Web fill:#e0e7ff,stroke:#4338ca,stroke-width:2px',
      'style Web fill:#dcfce7,stroke:#16a34a,color:#14532d',
    );
    await expect.poll(() => editor.text()).toBe(greener);
    await expect
      .poll(() => computed(page, 'rect.actor-top[name="Web"]', 'fill'))
      .toBe('rgb(220, 252, 231)');

    await frame(page).locator('text.messageText', { hasText: 'charge' }).click({ button: 'right' });
    await colourItem(page).click();
    const messagePalette = frame(page).getByRole('menu', { name: 'Colour of message 0' });
    await messagePalette.getByRole('menuitem', { name: 'Red' }).click();
    const redder = `${greener}\n    linkStyle 0 stroke:#dc2626,color:#dc2626\n`;
    await expect.poll(() => editor.text()).toBe(redder);
    await expect.poll(() => computed(page, '.messageLine0', 'stroke')).toBe('rgb(220, 38, 38)');

    // Escape closes the palette without writing anything.
    await frame(page).locator('rect.actor-top[name="Stripe"]').click(corner);
    await colourItem(page).click();
    await frame(page).getByRole('menu', { name: 'Colour of Stripe' }).press('Escape');
    await expect(frame(page).getByRole('menu')).toHaveCount(0);

    // Each pick is one undo step.
    await editor.content.click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(greener);
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(() => editor.text()).toBe(STYLED);
  });

  test('a long press on touch opens the menu, and its Colour… the palette', async ({ page }) => {
    await editor.setText(STYLED);
    const stripe = frame(page).locator('rect.actor-top[name="Stripe"]');
    await expect(stripe).toBeVisible();
    // A finger resting on the box: pointerdown of a touch pointer, and no move or lift.
    await stripe.evaluate((element) => {
      const { left, top } = element.getBoundingClientRect();
      element.dispatchEvent(
        new PointerEvent('pointerdown', {
          pointerType: 'touch',
          bubbles: true,
          clientX: left + 10,
          clientY: top + 10,
        }),
      );
    });
    await colourItem(page).click();
    const palette = frame(page).getByRole('menu', { name: 'Colour of Stripe' });
    await expect(palette).toBeVisible();
    await palette.getByRole('menuitem', { name: 'Violet' }).click();
    await expect
      .poll(() => editor.text())
      .toBe(`${STYLED}\n    style Stripe fill:#ede9fe,stroke:#7c3aed,color:#4c1d95\n`);
  });

  test('the exported SVG and PNG carry the styles', async ({ page }) => {
    await editor.setText(STYLED);
    await expect
      .poll(() => computed(page, 'rect.actor-top[name="Web"]', 'fill'))
      .toBe('rgb(224, 231, 255)');
    const svg = (await exportAs(page, 'SVG')).bytes.toString('utf8');
    expect(svg).toMatch(/<rect[^>]*name="Web"[^>]*style="[^"]*fill: rgb\(224, 231, 255\)/);
    expect(svg).toMatch(/class="messageLine1"[^>]*style="[^"]*stroke: rgb\(220, 38, 38\)/);
    const png = PNG.sync.read((await exportAs(page, 'PNG')).bytes);
    let webFill = 0;
    for (let at = 0; at < png.data.length; at += 4) {
      if (png.data[at] === 224 && png.data[at + 1] === 231 && png.data[at + 2] === 255) webFill++;
    }
    expect(webFill).toBeGreaterThan(5000);
  });
});
