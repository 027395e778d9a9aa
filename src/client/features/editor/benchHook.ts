import type { EditorView } from '@codemirror/view';

/**
 * The benchmarks' handle on the editor (bench/typing, bench/pan), installed only in the benchmark
 * build (`vite build --mode bench`, see bench/build.ts):
 *
 *   window.__lifelineEditor.setText(text)  replaces the whole text, as a program would: it does
 *                                          not count as a user edit for the 'Save Your Work'
 *                                          prompt, but the preview and the draft follow it.
 *   window.__lifelineEditor.getText()      the editor's current text.
 *
 * It exists only while an editor is mounted.
 */
export interface LifelineEditorHook {
  setText(text: string): void;
  getText(): string;
}

declare global {
  interface Window {
    __lifelineEditor?: LifelineEditorHook;
  }
}

export function installBenchHook(view: EditorView, setText: (text: string) => void): () => void {
  const hook: LifelineEditorHook = { setText, getText: () => view.state.doc.toString() };
  window.__lifelineEditor = hook;
  return () => {
    if (window.__lifelineEditor === hook) delete window.__lifelineEditor;
  };
}
