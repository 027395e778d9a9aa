/**
 * Problems marked where they are: mermaid's own parse error (reported by the render frame, which
 * parses off the editor's thread anyway) and the sequence reader's warnings, with quick fixes
 * unless the editor is read-only. Underline, gutter marker and message on hover come from
 * @codemirror/lint.
 */
import { linter, lintGutter, type Action, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField, type EditorState, type Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { explainParseError } from '@shared/mermaid-reader/error-hint';
import { diagramFamily } from '@shared/mermaid-reader/kind';
import { parseErrorLocation } from '@shared/mermaid-reader/parse-error';
import { sequenceWarnings, type TextWarning } from '@shared/mermaid-reader/warnings';

/** Diagnostics appear this long after typing stops (the renderer's error arrives by itself). */
export const LINT_DELAY_MS = 250;

interface ParseErrorMark {
  from: number;
  to: number;
  message: string;
}

const setParseError = StateEffect.define<ParseErrorMark | null>();

/** The newest parse error, kept on its text as the text changes until the next render says. */
export const parseErrorField = StateField.define<ParseErrorMark | null>({
  create: () => null,
  update(value, tr) {
    for (const effect of tr.effects) if (effect.is(setParseError)) return effect.value;
    if (!value || !tr.docChanged) return value;
    return { ...value, from: tr.changes.mapPos(value.from), to: tr.changes.mapPos(value.to, 1) };
  },
});

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** The stretch to underline: the token around the column, or the line's text without a column. */
function errorRange(state: EditorState, message: string): ParseErrorMark {
  const { line: number, column } = parseErrorLocation(message, state.doc.toString());
  const line = state.doc.line(number);
  const text = line.text;
  let from = text.length - text.trimStart().length;
  let to = text.trimEnd().length;
  if (column !== null) {
    from = column;
    to = column;
    while (from > 0 && !isSpace(text[from - 1])) from--;
    while (to < text.length && !isSpace(text[to])) to++;
    if (from === to) from = Math.max(0, from - 1);
  }
  return { from: line.from + from, to: line.from + Math.max(from, to), message };
}

/**
 * Tells the editor what mermaid said about `text`. Ignored when the editor holds other text by
 * now: a render of the newer text follows.
 */
export function showParseError(view: EditorView, text: string, error: string | null): void {
  if (view.state.doc.toString() !== text) return;
  const current = view.state.field(parseErrorField, false);
  if (current === undefined) return;
  const next = error === null ? null : errorRange(view.state, error);
  if (
    current?.from === next?.from &&
    current?.to === next?.to &&
    current?.message === next?.message
  ) {
    return;
  }
  view.dispatch({ effects: setParseError.of(next) });
}

/** A warning's fix, applied where the warning is now (the text may have moved since). */
function fixAction(warning: TextWarning, documentEnd: number): Action[] {
  const { fix } = warning;
  if (!fix) return [];
  const atEnd = fix.from === documentEnd && fix.to === documentEnd;
  return [
    {
      name: fix.label,
      apply(view, from) {
        const start = atEnd ? view.state.doc.length : from + (fix.from - warning.from);
        const end = atEnd ? start : start + (fix.to - fix.from);
        view.dispatch({
          changes: { from: start, to: end, insert: fix.insert },
          userEvent: 'input.fix',
        });
      },
    },
  ];
}

function diagnosticsOf(state: EditorState): Diagnostic[] {
  const out: Diagnostic[] = [];
  const error = state.field(parseErrorField);
  const text = state.doc.toString();
  if (error) {
    // In plain words (mermaid's own names the tokens its parser expected).
    out.push({
      ...error,
      severity: 'error',
      source: 'mermaid',
      message: explainParseError(error.message, text).hint,
    });
  }
  if (diagramFamily(text) !== 'sequence') return out;
  for (const warning of sequenceWarnings(text)) {
    out.push({
      from: warning.from,
      to: warning.to,
      severity: 'warning',
      message: warning.message,
      actions: state.readOnly ? [] : fixAction(warning, text.length),
    });
  }
  return out;
}

export function diagnostics(): Extension[] {
  return [
    parseErrorField,
    linter((view) => diagnosticsOf(view.state), {
      delay: LINT_DELAY_MS,
      needsRefresh: (update) =>
        update.startState.field(parseErrorField) !== update.state.field(parseErrorField) ||
        update.startState.readOnly !== update.state.readOnly,
    }),
    lintGutter(),
  ];
}
