/**
 * A parse error in plain words. Mermaid's parsers speak of tokens ("Expecting 'TXT', got
 * 'NEWLINE'"); a person wants to know what to write. The editor's diagnostics, the preview's
 * status line and the error graphic's hint all read this one explanation.
 */
import { placeDrawingError } from './drawing-error.js';
import { NO_DIAGRAM_TYPE, parseErrorLocation } from './parse-error.js';

export interface ErrorHint {
  /** 1-based line of the error in the full text. */
  line: number;
  /**
   * The text ended too early (a block still open): the error sits wherever the text ends, so it
   * follows the person typing at the end rather than staying on a line they left.
   */
  atEnd: boolean;
  /** Whether the line is known (see ErrorLocation.placed); a hint without one names none. */
  placed: boolean;
  /** One or two plain sentences, starting with the line ("Line 3: …") when it is known. */
  hint: string;
}

/** A JavaScript failure inside mermaid rather than a sentence meant for people. */
const CRASH = /^(Cannot (read|set) properties|\S+ is (not a function|undefined|null)\b)/;

const BLOCK_OPENER = /^(loop|alt|opt|par|par_over|critical|break|rect|box)\b/;

/** The tokens mermaid says it expected, and the one it got, from a jison message. */
function expectation(message: string): { expected: string[]; got: string } | null {
  const last = message.trim().split('\n').at(-1) ?? '';
  const at = last.indexOf('Expecting ');
  const gotAt = last.lastIndexOf(", got '");
  if (at < 0 || gotAt < at || !last.endsWith("'")) return null;
  const expected = last
    .slice(at + 'Expecting '.length, gotAt)
    .split(', ')
    .map((token) => token.slice(1, -1));
  return { expected, got: last.slice(gotAt + ", got '".length, -1) };
}

/** The innermost block still open at the end of `source` (its keyword and 1-based line). */
function openBlock(source: string): { keyword: string; line: number } | null {
  const open: { keyword: string; line: number }[] = [];
  source.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const opener = BLOCK_OPENER.exec(line);
    if (opener)
      open.push({ keyword: opener[1] === 'par_over' ? 'par' : opener[1]!, line: index + 1 });
    else if (/^end\b/.test(line)) open.pop();
  });
  return open.at(-1) ?? null;
}

/** A character of an arrow on a message line (`->>`, `=>`, `-->>>`…). */
const ARROWISH = /[-=<>]/;

function sentence(message: string, source: string, lineText: string): string {
  if (NO_DIAGRAM_TYPE.test(message)) {
    return 'Start with the kind of diagram on the first line, like `sequenceDiagram`.';
  }
  const parsed = expectation(message);
  const text = lineText.trim();
  if (parsed) {
    const { expected, got } = parsed;
    const atEnd = got === 'EOF' || got === '1';
    if (atEnd && expected.includes('end')) {
      const block = openBlock(source);
      return block
        ? `The \`${block.keyword}\` block opened on line ${block.line} is not closed: add \`end\` on a line of its own.`
        : 'A block is not closed: add `end` on a line of its own.';
    }
    if (got === 'end') {
      return 'This `end` closes no block: remove it, or open a block (`loop`, `alt`, `opt`…) above it.';
    }
    const noteLine = /^note\b/i.test(text);
    if (
      expected.includes('TXT') &&
      (got === 'NEWLINE' || atEnd) &&
      !expected.includes('SOLID_ARROW')
    ) {
      return noteLine
        ? 'A note needs its text after a colon, like `Note over Alice: Thinking`.'
        : 'A message needs its text after a colon, like `Alice->>Bob: Hello`.';
    }
    if (expected.includes('ACTOR') && expected.includes('+') && got !== 'INVALID') {
      return 'An arrow needs a participant at each end, like `Alice->>Bob: Hello`.';
    }
    const arrowExpected = expected.includes('SOLID_ARROW');
    if ((arrowExpected || expected.includes('ACTOR')) && (got === 'INVALID' || got === 'TXT')) {
      return 'This arrow is not one mermaid knows: use `->>` (solid), `-->>` (dotted), `->`, `-->`, `-x`, `--x`, `-)` or `--)`.';
    }
    if (arrowExpected && (got === 'NEWLINE' || atEnd)) {
      return ARROWISH.test(text)
        ? 'This arrow is not one mermaid knows: use `->>` (solid), `-->>` (dotted), `->`, `-->`, `-x`, `--x`, `-)` or `--)`.'
        : `A message needs an arrow and its text, like \`${text || 'Alice'}->>Bob: Hello\`.`;
    }
  }
  return text
    ? `Mermaid cannot read \`${text.length > 40 ? `${text.slice(0, 40)}…` : text}\`: check it for a typo.`
    : 'Mermaid cannot read this line: check it for a typo.';
}

/** The plain explanation of mermaid's `message` about `source`. */
export function explainParseError(message: string, source: string): ErrorHint {
  const { line, placed } = parseErrorLocation(message, source);
  const parsed = expectation(message);
  const atEnd = parsed !== null && (parsed.got === 'EOF' || parsed.got === '1');
  if (!placed) {
    const said = message.trim().split('\n')[0] ?? '';
    const why = CRASH.test(said) || said === '' ? 'check the last change for a typo.' : said;
    return { line, atEnd, placed, hint: `Mermaid could not draw this diagram: ${why}` };
  }
  const drawing = placeDrawingError(message, source);
  const lineText = source.split('\n')[line - 1] ?? '';
  const told = drawing?.sentence ?? sentence(message, source, lineText);
  return { line, atEnd, placed, hint: `Line ${line}: ${told}` };
}
