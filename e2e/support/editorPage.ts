import { expect, type Locator, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../../src/client/features/editor/testids';
import { TEMPLATE_TESTIDS } from '../../src/client/features/templates/testids';

export const TRY_PATH = '/try';

/** The signed-out editor at /try, driven the way a user drives it. */
export class EditorPage {
  readonly content: Locator;
  readonly title: Locator;
  readonly editorPanel: Locator;
  readonly previewPanel: Locator;
  readonly resizeHandle: Locator;
  readonly saveYourWork: Locator;
  readonly templateDialog: Locator;

  constructor(readonly page: Page) {
    this.content = page.getByTestId(EDITOR_TESTIDS.codeEditor).locator('.cm-content');
    this.title = page.getByTestId(EDITOR_TESTIDS.title);
    this.editorPanel = page.getByTestId(EDITOR_TESTIDS.editorPanel);
    this.previewPanel = page.getByTestId(EDITOR_TESTIDS.previewPanel);
    this.resizeHandle = page.getByTestId(EDITOR_TESTIDS.resizeHandle);
    this.saveYourWork = page.getByTestId(EDITOR_TESTIDS.saveYourWork);
    this.templateDialog = page.getByTestId(TEMPLATE_TESTIDS.dialog);
  }

  async open(): Promise<void> {
    await this.page.goto(TRY_PATH);
    await expect(this.content).toBeVisible();
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** The editor's text through the documented test hook (window.__lifelineEditor). */
  async text(): Promise<string> {
    return this.page.evaluate(() => window.__lifelineEditor?.getText() ?? '');
  }

  /** Replaces the text as a program would (does not count as user edits). */
  async setText(text: string): Promise<void> {
    await this.page.evaluate((value) => window.__lifelineEditor?.setText(value), text);
  }

  /** Puts the caret at the end of the text, with the editor focused. */
  async focusEnd(): Promise<void> {
    await this.content.click();
    await this.page.keyboard.press('ControlOrMeta+End');
  }

  /** Size of the editor panel in percent, as react-resizable-panels reports it. */
  async editorSize(): Promise<number> {
    return Number(await this.editorPanel.getAttribute('data-panel-size'));
  }

  storageItem(key: string): Promise<string | null> {
    return this.page.evaluate((name) => window.localStorage.getItem(name), key);
  }
}
