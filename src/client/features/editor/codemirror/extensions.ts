import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, indentLess, indentMore } from '@codemirror/commands';
import {
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from '@codemirror/language';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension } from '@codemirror/state';
import {
  dropCursor,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder,
  rectangularSelection,
  type Command,
} from '@codemirror/view';
import { mermaid } from 'codemirror-lang-mermaid';
import { yUndoManagerKeymap } from 'y-codemirror.next';
import { EDITOR_TAB } from '@shared/constants';
import { EDITOR_TEXT } from '@shared/messages';
import { EDITOR_COPY } from '../copy';
import { drawSelectionWithTimerBlink } from './caretBlink';
import { caretInText } from './caretInText';
import { mermaidHighlightStyle } from './highlight';

/**
 * Spec §2: Tab inserts four spaces instead of moving focus. A selection spanning lines is indented
 * as a block instead, as in any code editor. Keyboard users can still leave: CodeMirror lets the
 * Tab that follows an Escape move focus (its "tab focus mode").
 */
const insertTab: Command = (view) => {
  const { state } = view;
  if (state.readOnly) return false;
  const spansLines = state.selection.ranges.some(
    (range) => state.doc.lineAt(range.from).number !== state.doc.lineAt(range.to).number,
  );
  if (spansLines) return indentMore(view);
  view.dispatch(
    state.update(state.replaceSelection(EDITOR_TAB), { scrollIntoView: true, userEvent: 'input' }),
  );
  return true;
};

/**
 * Everything but the theme (swapped on light/dark), the change listener and the Y.Text binding
 * (whose undo manager, tracking only this editor's own edits, is what Mod-z undoes).
 */
export function baseExtensions(): Extension[] {
  return [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    drawSelectionWithTimerBlink(),
    dropCursor(),
    EditorState.allowMultipleSelections.of(true),
    EditorState.tabSize.of(EDITOR_TAB.length),
    indentUnit.of(EDITOR_TAB),
    indentOnInput(),
    syntaxHighlighting(mermaidHighlightStyle),
    bracketMatching(),
    closeBrackets(),
    rectangularSelection(),
    highlightActiveLine(),
    highlightSelectionMatches(),
    keymap.of([
      { key: 'Tab', run: insertTab, shift: indentLess },
      ...closeBracketsKeymap,
      ...defaultKeymap,
      ...searchKeymap,
      ...yUndoManagerKeymap,
    ]),
    placeholder(EDITOR_TEXT.placeholder),
    EditorView.contentAttributes.of({
      spellcheck: 'false',
      autocorrect: 'off',
      autocapitalize: 'off',
      'aria-label': EDITOR_COPY.codeLabel,
      // Already in the Tab order (contenteditable); said so, axe counts its scroller as reachable.
      tabindex: '0',
    }),
    mermaid(),
    caretInText,
  ];
}
