/** Resizing a page across the phone breakpoint, where the editor's panels are laid out anew. */
import { expect, type Page } from '@playwright/test';
import { MOBILE_BREAKPOINT_PX } from '../../src/shared/constants';
import type { Diagram } from '../../src/shared/schemas';
import type { EditorPage } from './editorPage';

export interface Size {
  width: number;
  height: number;
}

/** wide → narrow → wide; after each step the layout has changed and the text is `expected`. */
export async function resizeAcrossBreakpoint(
  page: Page,
  editor: EditorPage,
  expected: string,
  { wide, narrow }: { wide: Size; narrow: Size },
): Promise<void> {
  expect(narrow.width).toBeLessThan(MOBILE_BREAKPOINT_PX);
  expect(wide.width).toBeGreaterThanOrEqual(MOBILE_BREAKPOINT_PX);
  for (const size of [narrow, wide]) {
    await page.setViewportSize(size);
    if (size === narrow) {
      // Phones show one panel at a time, chosen by tabs.
      await expect(page.getByRole('tab', { name: 'Code' })).toBeVisible();
    } else {
      await expect(
        page.locator('[data-panel-group]:has([data-panel-id="editor"])'),
      ).toHaveAttribute('data-panel-group-direction', 'horizontal');
    }
    await expect(editor.content).toBeVisible();
    expect(await editor.text()).toBe(expected);
  }
}

/** What the server holds of a diagram: its text, when it last changed, and its versions. */
export async function serverState(page: Page, id: number) {
  const diagram = (await (await page.request.get(`/api/diagrams/${id}`)).json()) as Diagram;
  const versions = (await (await page.request.get(`/api/diagrams/${id}/versions`)).json()) as {
    id: number;
  }[];
  return { content: diagram.content, updatedAt: diagram.updatedAt, versions };
}
