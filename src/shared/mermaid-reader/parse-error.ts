/**
 * Where in the text a mermaid parse error is. Mermaid's jison parsers say "Parse error on line N:"
 * and draw a caret under the last 20 characters they read (newlines dropped); its Langium parsers
 * say "line N, column M". Lines count from after a front-matter block, which mermaid cuts off
 * before parsing. Errors that name no line are placed by what they say (drawing-error.ts).
 */
import { placeDrawingError } from './drawing-error.js';

export interface ErrorLocation {
  /** 1-based line in the full text. */
  line: number;
  /** 0-based column on that line, when the message pins one. */
  column: number | null;
  /**
   * Whether the line is known. An error mermaid names no line for, and the text does not show,
   * is given the first line with text (to go to), but nothing may assume it is there.
   */
  placed: boolean;
}

const LINE = /\bline (\d+)/i;
/** The one line-less error that belongs on the first line: it holds no diagram type. */
export const NO_DIAGRAM_TYPE = /No diagram type detected/i;
const COLUMN = /\bcolumn (\d+)/i;

/** Lines of the front-matter block mermaid removes before parsing (0 when there is none). */
function frontMatterLines(lines: readonly string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const close = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (close < 0) return 0;
  // Mermaid's front-matter pattern takes the blank lines after the block too.
  let after = close + 1;
  while (after < lines.length - 1 && lines[after] === '') after++;
  return after;
}

const blank = (line: string) => line.trim() === '';
/** A comment line mermaid drops before parsing: `%%` and at least one character, not `%%{`. */
const droppedComment = (line: string) => {
  const text = line.trimStart();
  return text.startsWith('%%') && text.length > 2 && text[2] !== '{';
};

/**
 * For each line mermaid's parser reads, the 1-based line of `lines` it came from. Before parsing,
 * mermaid drops the front matter, blanks out `%%{…}%%` directives (joining the lines of one that
 * spans several), drops comment lines with the blank lines just above each, and trims the start,
 * so its line numbers count only what is left.
 */
export function mermaidLines(lines: readonly string[]): number[] {
  const kept: { line: number; text: string }[] = [];
  for (let index = frontMatterLines(lines); index < lines.length; index++) {
    let text = lines[index] ?? '';
    const line = index + 1;
    // A directive that opens here and closes on a later line: one line for mermaid.
    const open = text.indexOf('%%{');
    if (open >= 0 && !text.includes('}%%', open)) {
      let close = index + 1;
      while (close < lines.length && !(lines[close] ?? '').includes('}%%')) close++;
      if (close < lines.length) {
        const closing = lines[close] ?? '';
        text = text.slice(0, open) + closing.slice(closing.indexOf('}%%') + 3);
        index = close;
      }
    } else if (open >= 0) {
      text = text.slice(0, open) + text.slice(text.indexOf('}%%', open) + 3);
    }
    if (droppedComment(text)) {
      while (kept.length > 0 && blank(kept[kept.length - 1]?.text ?? 'x')) kept.pop();
      continue;
    }
    kept.push({ line, text });
  }
  const first = kept.findIndex((entry) => !blank(entry.text));
  return kept.slice(Math.max(0, first)).map((entry) => entry.line);
}

/** The column the caret of a jison message points at on `lineText`, from the text above it. */
function caretColumn(messageLines: readonly string[], lineText: string): number | null {
  const caretAt = messageLines.findIndex((line) => /^-*\^$/.test(line));
  const shown = messageLines[caretAt - 1];
  const caret = messageLines[caretAt];
  if (caretAt < 1 || shown === undefined || caret === undefined) return null;
  let read = shown.slice(0, caret.length - 1);
  if (read.startsWith('...')) read = read.slice(3);
  for (let k = Math.min(read.length, lineText.length); k > 0; k--) {
    if (read.endsWith(lineText.slice(0, k))) return k;
  }
  return null;
}

/** The first line with text on it, for errors that name no line (no diagram type found). */
function firstTextLine(lines: readonly string[], from: number): number {
  for (let index = from; index < lines.length; index++) {
    const line = lines[index] ?? '';
    if (line.trim() !== '' && !line.trimStart().startsWith('%%')) return index + 1;
  }
  return 1;
}

export function parseErrorLocation(message: string, source: string): ErrorLocation {
  const lines = source.split('\n');
  const lineMatch = LINE.exec(message);
  if (!lineMatch) {
    const drawing = placeDrawingError(message, source);
    if (drawing) return { line: drawing.line, column: null, placed: true };
    const placed = NO_DIAGRAM_TYPE.test(message);
    return { line: firstTextLine(lines, frontMatterLines(lines)), column: null, placed };
  }
  const read = mermaidLines(lines);
  const said = Math.max(1, Number(lineMatch[1]));
  let line = read[Math.min(said, read.length) - 1] ?? lines.length;
  // An error at the end of the text ("got EOF") belongs to the last line that has text.
  while (line > 1 && (lines[line - 1] ?? '').trim() === '') line--;
  const columnMatch = COLUMN.exec(message);
  const lineText = lines[line - 1] ?? '';
  let column = columnMatch
    ? Number(columnMatch[1]) - 1
    : caretColumn(message.split('\n'), lineText);
  if (column !== null) column = Math.min(Math.max(0, column), lineText.length);
  return { line, column, placed: true };
}
