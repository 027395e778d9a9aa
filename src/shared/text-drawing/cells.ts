/**
 * Label text made safe and measurable for a terminal: escape sequences and control characters
 * never reach the output, invisible format characters (bidi overrides, zero-width joiners of
 * nothing) are dropped, and each grapheme knows how many columns it takes (CJK and emoji take 2).
 */
import { decodeHTML } from 'entities';
import { eastAsianWidth } from 'get-east-asian-width';
import stringWidth from 'string-width';

/* eslint-disable no-control-regex -- these patterns exist to find control characters. */
// CSI (ESC [ params intermediates final) and OSC (ESC ] … BEL or ESC \) sequences; each part a
// single run over its own characters, so the scan is linear.
const CSI = /\u001b\[[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?/g;
const OSC = /\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g;
const OTHER_ESCAPE = /\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
// C0 and C1 controls and DEL (tab and newline are handled before).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/* eslint-enable no-control-regex */
// Bidi overrides and isolates, zero-width characters, word joiners, the BOM, line separators.
const INVISIBLE = /[\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/g;

/** One label line with nothing a terminal would act on and nothing invisible. */
export function cleanText(text: string): string {
  return text
    .replace(CSI, '')
    .replace(OSC, '')
    .replace(OTHER_ESCAPE, '')
    .replace(/\t/g, ' ')
    .replace(CONTROL, '\ufffd')
    .replace(INVISIBLE, '')
    .normalize('NFC');
}

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Characters segmented at once: V8 walks a long text's graphemes in quadratic time. */
export const SEGMENT_CHUNK = 1024;

/**
 * The graphemes of `text`, in chunks: 160,000 characters took 25 s in one piece. A chunk ends
 * between two code points (never inside a surrogate pair), so every boundary it finds lies
 * between two whole characters and is a true one, except after its last grapheme, which the cut
 * may have split: that one goes back to start the next chunk. A grapheme longer than a chunk
 * (thousands of combining marks) is cut.
 */
export function* graphemes(text: string): Generator<string> {
  let start = 0;
  while (start < text.length) {
    let end = start + SEGMENT_CHUNK;
    const before = text.charCodeAt(end - 1);
    if (before >= 0xd800 && before <= 0xdbff) end -= 1;
    if (end >= text.length) {
      for (const { segment } of segmenter.segment(text.slice(start))) yield segment;
      return;
    }
    const parts = [...segmenter.segment(text.slice(start, end))];
    const last = parts.length > 1 ? parts.pop() : undefined;
    for (const { segment } of parts) yield segment;
    start = last ? start + last.index : end;
  }
}

/** A grapheme and its width in columns (0 for a lone combining mark, which is then dropped). */
export interface Cell {
  text: string;
  width: number;
}

// A lone symbol that is shown as text unless asked otherwise (▶, ◀, ☺) takes one column in a
// terminal, though emoji tables list it: only its East Asian width counts.
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;

function graphemeWidth(segment: string): number {
  const code = segment.codePointAt(0) ?? 0;
  if (segment.length === String.fromCodePoint(code).length && !EMOJI_PRESENTATION.test(segment)) {
    return code < 0x20 ? 0 : eastAsianWidth(code);
  }
  return stringWidth(segment);
}

/** The graphemes of a cleaned line, each with its width; zero-width ones are left out. */
export function cellsOf(text: string): Cell[] {
  const cells: Cell[] = [];
  for (const segment of graphemes(text)) {
    const width = Math.min(2, graphemeWidth(segment));
    if (width > 0) cells.push({ text: segment, width });
  }
  return cells;
}

/** Columns a cleaned line takes. */
export function widthOf(text: string): number {
  let width = 0;
  for (const cell of cellsOf(text)) width += cell.width;
  return width;
}

/** `<br>`, `<br/>`, `<br />` in any case break a label into lines, as mermaid draws them. */
const BREAK = /<br\s*\/?>/gi;

/**
 * mermaid's entity codes: `#59;` is `;`, `#9829;` is ♥ and `#quot;` is `"`, as mermaid turns
 * `#…;` into `&#…;` or `&…;` for the browser to read. A name no browser knows stays as the
 * browser shows it (`&name;`). `#` is not a word character, so the scan is linear.
 */
const ENTITY_CODE = /#(\w+);/g;

function decodeEntityCodes(text: string): string {
  return text.replace(ENTITY_CODE, (_code, inner: string) =>
    decodeHTML(/^\d+$/.test(inner) ? `&#${inner};` : `&${inner};`),
  );
}

/** A line of label text as drawn: its entity codes read, then cleaned (a code too). */
export function labelText(raw: string): string {
  return cleanText(decodeEntityCodes(raw));
}

/**
 * A label as the lines it is drawn on: split at breaks, its entity codes read, cleaned (after
 * reading, so a code for a control character is cleaned too), and wrapped at `max` columns (at a
 * space when there is one, else inside the word).
 */
export function labelLines(raw: string, max: number): string[] {
  const lines: string[] = [];
  for (const part of raw.split(BREAK)) {
    let line: Cell[] = [];
    let width = 0;
    let lastSpace = -1;
    for (const cell of cellsOf(labelText(part).trim())) {
      while (line.length > 0 && width + cell.width > max) {
        const cut = lastSpace > 0 ? lastSpace : line.length;
        lines.push(join(line.slice(0, cut)).trimEnd());
        line = line.slice(lastSpace > 0 ? cut + 1 : cut);
        width = 0;
        lastSpace = -1;
        line.forEach((kept, index) => {
          width += kept.width;
          if (kept.text === ' ') lastSpace = index;
        });
      }
      if (cell.text === ' ') lastSpace = line.length;
      line.push(cell);
      width += cell.width;
    }
    lines.push(join(line).trim());
  }
  return lines;
}

const join = (cells: Cell[]) => cells.map((cell) => cell.text).join('');
