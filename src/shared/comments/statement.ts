/**
 * Which lines of a diagram's text a comment may belong to: its statements (messages,
 * participants, notes, block lines…), not the diagram's keyword line, blank lines or `%%`
 * comments. The app checks the caret's line with it before offering a comment; the server
 * refuses any other line.
 */
import { diagramFamily, keywordLine } from '../mermaid-reader/kind.js';
import { readSequence, type Statement } from '../mermaid-reader/sequence.js';

const linesOf = (text: string) => text.split('\n').map((line) => line.replace(/\r$/, ''));

/**
 * Whether the 1-based `line` of `source` is a statement a comment may belong to: a message,
 * participant, note, block line or any other line after the diagram's keyword that is not blank
 * or a `%%` comment.
 */
export function isStatementLine(source: string, line: number): boolean {
  return statementLines(source)(line);
}

/** `isStatementLine` for many lines of one text: the text is read once. */
export function statementLines(source: string): (line: number) => boolean {
  const lines = linesOf(source);
  const header = keywordLine(lines);
  const kinds = diagramFamily(source) === 'sequence' ? readSequence(source) : null;
  return (line) => {
    if (!Number.isInteger(line) || line < 1 || line > lines.length) return false;
    if (header < 0 || line - 1 <= header) return false;
    const trimmed = (lines[line - 1] ?? '').trim();
    if (trimmed === '' || trimmed.startsWith('%%')) return false;
    if (!kinds) return true;
    const kind = kinds[line - 1]?.kind;
    return kind !== undefined && kind !== 'blank' && kind !== 'comment' && kind !== 'header';
  };
}

/** The trimmed text of the 1-based `line` ('' past the end). */
export function lineText(source: string, line: number): string {
  return (linesOf(source)[line - 1] ?? '').trim();
}

/**
 * The line a comment on the participant `name` belongs to: its declaration (`participant`,
 * `actor`, `create`) when it has one, else the first statement that names it; null when no
 * statement does.
 */
export function participantLine(statements: readonly Statement[], name: string): number | null {
  let first: number | null = null;
  for (const statement of statements) {
    if (!statement.names.some((ref) => ref.name === name)) continue;
    if (statement.kind === 'participant' && statement.names[0]?.name === name) {
      return statement.line;
    }
    first ??= statement.line;
  }
  return first;
}
