import { expect, test, type Locator } from '@playwright/test';
import type { Diagram } from '../src/shared/schemas';
import { SAVING_COPY, SAVING_TESTIDS } from '../src/client/diagram/saving/copy';
import { EDITOR_TESTIDS } from '../src/client/features/editor/testIds';
import { EditorPage } from './support/editorPage';
import { withoutLiveConnection } from './support/live';
import { signInLocally, uniqueLogin } from './support/signIn';

/** A line no space breaks: the longest a diagram can put in the conflict dialog's text block. */
const LONG_LINE = `    Alice->>Bob: ${'https://example.test/a-very-long-unbroken-address/'.repeat(8)}`;
const ELSEWHERE = `sequenceDiagram\n${LONG_LINE}\n    Bob-->>Alice: ok`;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not laid out');
  return found;
}

for (const { name, viewport } of [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
]) {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the conflict dialog keeps a long line inside it (${name}, ${colorScheme})`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await signInLocally(page, `${uniqueLogin('conflict')}@example.test`, 'Conflict Tester');
      const created = await page.request.post('/api/diagrams', {
        data: { title: 'Changed elsewhere', content: 'sequenceDiagram\n    Alice->>Bob: mine' },
      });
      const diagram = (await created.json()) as Diagram;
      // Between live tabs edits merge; the dialog is for an editor saving over REST.
      await withoutLiveConnection(page);
      await page.goto(`/?diagramId=${diagram.id}`);
      await expect(page.getByTestId(EDITOR_TESTIDS.signedIn)).toHaveAttribute('data-ready', 'true');
      // Auto-save off (on a phone the switch sits in the header's menu).
      const toggle = page.getByTestId(SAVING_TESTIDS.autoSaveSwitch);
      if (await toggle.isVisible()) {
        if ((await toggle.getAttribute('data-state')) === 'checked') await toggle.click();
      } else {
        await page.getByRole('button', { name: 'More actions' }).click();
        await page.getByRole('menuitemcheckbox', { name: SAVING_COPY.autoSave }).click();
        await page.keyboard.press('Escape');
      }

      // Another tab saves first; this one then saves its own edit.
      const elsewhere = await page.request.put(`/api/diagrams/${diagram.id}`, {
        data: { content: ELSEWHERE },
      });
      expect(elsewhere.status()).toBe(200);
      const editor = new EditorPage(page);
      await editor.focusEnd();
      await page.keyboard.insertText('\n    Bob-->>Alice: mine too');
      await page.getByTestId(EDITOR_TESTIDS.save).click();

      const dialog = page.getByTestId(SAVING_TESTIDS.conflictDialog);
      await expect(dialog.getByText(SAVING_COPY.conflictTitle)).toBeVisible();
      const text = dialog.locator('pre');
      await expect(text).toContainText('a-very-long-unbroken-address');
      const outer = await box(dialog);
      const inner = await box(text);
      expect(inner.x).toBeGreaterThanOrEqual(outer.x);
      expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
      // Nothing inside the block is cut off sideways: the long line wraps.
      const overflow = await text.evaluate((pre) => pre.scrollWidth - pre.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      for (const button of [SAVING_TESTIDS.keepBoth, SAVING_TESTIDS.keepServer]) {
        const b = await box(dialog.getByTestId(button));
        expect(b.x).toBeGreaterThanOrEqual(outer.x);
        expect(b.x + b.width).toBeLessThanOrEqual(outer.x + outer.width);
      }
      await page.screenshot({ path: testInfo.outputPath(`conflict-${name}-${colorScheme}.png`) });
    });
  }
}
