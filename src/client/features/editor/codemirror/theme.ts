import { EditorView } from '@codemirror/view';

/**
 * The editor's look, written against the app's CSS variables so it follows light and dark mode by
 * itself. Two instances differ only in the `dark` flag, which tells CodeMirror's base theme which
 * of its own defaults (search panel, tooltips) to use.
 */
const spec = {
  '&': {
    height: '100%',
    fontSize: '13.5px',
    color: 'var(--foreground)',
    backgroundColor: 'var(--background)',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.65' },
  '.cm-content': { caretColor: 'var(--primary)', padding: '12px 0' },
  '.cm-line': { padding: '0 16px 0 8px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--primary)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    { backgroundColor: 'color-mix(in oklab, var(--primary) 22%, transparent)' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in oklab, var(--muted) 60%, transparent)' },
  '.cm-gutters': {
    backgroundColor: 'var(--background)',
    // Line numbers are text: the muted colour itself keeps 4.5:1 in both themes (70% of it did not).
    color: 'var(--muted-foreground)',
    border: 'none',
  },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 8px 0 16px', minWidth: '44px' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--foreground)' },
  '.cm-placeholder': { color: 'var(--muted-foreground)', fontStyle: 'italic' },
  '&.cm-focused .cm-matchingBracket': {
    backgroundColor: 'color-mix(in oklab, var(--primary) 18%, transparent)',
    outline: '1px solid color-mix(in oklab, var(--primary) 45%, transparent)',
  },
  '.cm-selectionMatch': { backgroundColor: 'color-mix(in oklab, var(--primary) 12%, transparent)' },
  '.cm-searchMatch': {
    backgroundColor: 'color-mix(in oklab, #f59e0b 30%, transparent)',
    outline: '1px solid color-mix(in oklab, #f59e0b 60%, transparent)',
  },
  '.cm-panels': {
    backgroundColor: 'var(--card)',
    color: 'var(--foreground)',
    borderColor: 'var(--border)',
  },
  '.cm-panel input, .cm-panel button': { fontFamily: 'var(--font-sans)', fontSize: '12px' },
  '.cm-textfield': {
    backgroundColor: 'var(--background)',
    border: '1px solid var(--border)',
    borderRadius: '4px',
  },
};

export const lightEditorTheme = EditorView.theme(spec, { dark: false });
export const darkEditorTheme = EditorView.theme(spec, { dark: true });
