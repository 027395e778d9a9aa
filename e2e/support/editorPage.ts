import { expect, type Locator, type Page } from '@playwright/test';
import { EDITOR_TESTIDS } from '../../src/client/features/editor/testIds';
import { TEMPLATE_TESTIDS } from '../../src/client/features/templates/testIds';

export const TRY_PATH = '/try';

/** The part of CodeMirror's EditorView these tests use. */
interface PageEditorView {
  state: { doc: { length: number; toString(): string } };
  dispatch(spec: { changes: { from: number; to: number; insert: string } }): void;
}

/**
 * Runs in the page (self-contained, it is serialised): `action` on the EditorView behind the
 * editor, found the way CodeMirror's own `EditorView.findFromDOM` finds it, since the shipped
 * app exposes no handle of its own.
 */
function withCodeMirror<T>([action, value]: readonly ['read' | 'replace', string]): T | undefined {
  const content = document.querySelector('.cm-content') as
    (Element & { cmTile?: { root?: { view?: PageEditorView } } }) | null;
  const view = content?.cmTile?.root?.view;
  if (!view) throw new Error('No CodeMirror editor on the page');
  if (action === 'read') return view.state.doc.toString() as T;
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: value } });
  return undefined;
}

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

  /** The editor's whole text (CodeMirror draws only the lines in view, so read its state). */
  async text(): Promise<string> {
    return (await this.page.evaluate(withCodeMirror<string>, ['read', ''] as const)) ?? '';
  }

  /** Replaces the text as a program would: no user event, so not counted as user edits. */
  async setText(text: string): Promise<void> {
    await this.page.evaluate(withCodeMirror<void>, ['replace', text] as const);
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
