/**
 * Where in the text a mermaid parse error is. Mermaid's jison parsers say "Parse error on line N:"
 * and draw a caret under the last 20 characters they read (newlines dropped); its Langium parsers
 * say "line N, column M". Lines count from after a front-matter block, which mermaid cuts off
 * before parsing.
 */

export interface ErrorLocation {
  /** 1-based line in the full text. */
  line: number;
  /** 0-based column on that line, when the message pins one. */
  column: number | null;
}

const LINE = /\bline (\d+)/i;
const COLUMN = /\bcolumn (\d+)/i;

/** Lines of the front-matter block mermaid removes before parsing (0 when there is none). */
function frontMatterLines(lines: readonly string[]): number {
  if (lines[0]?.trim() !== '---') return 0;
  const close = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  return close < 0 ? 0 : close + 1;
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
  const skipped = frontMatterLines(lines);
  const lineMatch = LINE.exec(message);
  if (!lineMatch) return { line: firstTextLine(lines, skipped), column: null };
  let line = Math.min(Math.max(1, Number(lineMatch[1]) + skipped), lines.length);
  // An error at the end of the text ("got EOF") belongs to the last line that has text.
  while (line > 1 && (lines[line - 1] ?? '').trim() === '') line--;
  const columnMatch = COLUMN.exec(message);
  const lineText = lines[line - 1] ?? '';
  let column = columnMatch
    ? Number(columnMatch[1]) - 1
    : caretColumn(message.split('\n'), lineText);
  if (column !== null) column = Math.min(Math.max(0, column), lineText.length);
  return { line, column };
}
