/**
 * Indentation as a polished editor does it: Enter keeps the line's indentation, goes one level
 * deeper after a block opener (`alt`, `loop`, … and the diagram's own first line), and a line
 * that closes or divides a block (`end`, `else`, `and`, `option`) moves back to its opener's
 * level as it is typed.
 */
import { EditorState, type Extension } from '@codemirror/state';
import { getIndentUnit, indentService } from '@codemirror/language';

/** Sequence blocks: a line starting with one of these opens a block closed by `end`. */
const OPENERS = new Set(['alt', 'loop', 'par', 'rect', 'opt', 'critical', 'break', 'box']);
/** A block's later sections: their body is indented, they sit at the opener's level. */
const DIVIDERS = new Set(['else', 'and', 'option']);
/** First lines of a diagram, whose statements are indented one level. */
const HEADERS = new Set(['sequenceDiagram', 'flowchart', 'graph', 'classDiagram', 'subgraph']);

/** The first word of a line (letters only), or '' (a plain scan, linear in the line). */
function keyword(text: string): string {
  let start = 0;
  while (start < text.length && (text[start] === ' ' || text[start] === '\t')) start += 1;
  let end = start;
  while (end < text.length && /[A-Za-z]/.test(text[end]!)) end += 1;
  // `end` is a keyword only as a word: `endpoint->>x` is a message.
  if (end < text.length && !/[\s:]/.test(text[end]!)) return '';
  return text.slice(start, end);
}

/** Columns of leading white space, a tab counting as `tabSize`. */
function columns(text: string, tabSize: number): number {
  let count = 0;
  for (const char of text) {
    if (char === ' ') count += 1;
    else if (char === '\t') count += tabSize - (count % tabSize);
    else break;
  }
  return count;
}

/**
 * The indentation (in columns) of a line whose text is `current`; `above(n)` is the n-th line
 * above it (1: the one just above), or null past the first line.
 */
export function indentationFor(
  current: string,
  above: (n: number) => string | null,
  unit: number,
  tabSize = unit,
): number {
  const word = keyword(current);
  if (word === 'end' || DIVIDERS.has(word)) {
    // The opener this line closes or divides: the nearest one not closed in between.
    let depth = 0;
    for (let n = 1, line = above(n); line !== null; line = above(++n)) {
      const lineWord = keyword(line);
      if (lineWord === 'end') depth += 1;
      else if (OPENERS.has(lineWord)) {
        if (depth === 0) return columns(line, tabSize);
        depth -= 1;
      }
    }
  }
  for (let n = 1, line = above(n); line !== null; line = above(++n)) {
    if (line.trim() === '') continue;
    const lineWord = keyword(line);
    const opens = OPENERS.has(lineWord) || DIVIDERS.has(lineWord) || HEADERS.has(lineWord);
    return columns(line, tabSize) + (opens ? unit : 0);
  }
  return 0;
}

/** Lines typed as these are indented again once their word is complete. */
const REINDENT_ON_INPUT = /^\s*(?:end|else|and|option)$/;

export function smartIndent(): Extension {
  return [
    indentService.of((context, pos) => {
      const { state } = context;
      const broken = context.simulatedBreak === pos;
      // With Enter, the new line starts at `pos`; the line before it ends there.
      const first = broken ? context.lineAt(pos, -1) : null;
      const startLine = state.doc.lineAt(pos).number;
      const above = (n: number): string | null => {
        if (first) {
          if (n === 1) return first.text;
          const number = startLine - (n - 1);
          return number >= 1 ? state.doc.line(number).text : null;
        }
        const number = startLine - n;
        return number >= 1 ? state.doc.line(number).text : null;
      };
      const current = broken ? context.textAfterPos(pos, 1) : state.doc.lineAt(pos).text;
      return indentationFor(current, above, getIndentUnit(state), state.tabSize);
    }),
    EditorState.languageData.of(() => [{ indentOnInput: REINDENT_ON_INPUT }]),
  ];
}
