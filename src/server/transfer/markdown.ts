/**
 * The ```mermaid blocks of a Markdown text (CommonMark fences: ``` or ~~~, three or more, up to
 * three spaces of indentation), each with the nearest ATX heading (# …) above it. Headings and
 * fences inside other code blocks do not count.
 */

export interface MermaidBlock {
  /** The nearest preceding heading's text, or null when there is none. */
  heading: string | null;
  content: string;
}

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/;

interface OpenFence {
  char: string;
  length: number;
  indent: number;
  mermaid: boolean;
  lines: string[];
}

export function mermaidBlocks(markdown: string): MermaidBlock[] {
  const blocks: MermaidBlock[] = [];
  let heading: string | null = null;
  let open: OpenFence | null = null;

  for (const line of markdown.split(/\r\n|\n|\r/)) {
    if (open) {
      const close = FENCE.exec(line);
      const marker = close?.[2];
      if (
        marker &&
        marker[0] === open.char &&
        marker.length >= open.length &&
        close[3]?.trim() === ''
      ) {
        if (open.mermaid) blocks.push({ heading, content: open.lines.join('\n') });
        open = null;
      } else if (open.mermaid) {
        open.lines.push(stripIndent(line, open.indent));
      }
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const [, indent = '', marker = '', info = ''] = fence;
      // A backtick fence's info string may not contain backticks (that is inline code).
      if (!(marker[0] === '`' && info.includes('`'))) {
        const language = info.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
        open = {
          char: marker[0] ?? '`',
          length: marker.length,
          indent: indent.length,
          mermaid: language === 'mermaid' || language === '{mermaid}',
          lines: [],
        };
        continue;
      }
    }
    const text = headingText(line)?.trim();
    if (text) heading = text;
  }
  // An unclosed fence runs to the end of the document (CommonMark).
  if (open?.mermaid) blocks.push({ heading, content: open.lines.join('\n') });
  return blocks;
}

function stripIndent(line: string, indent: number): string {
  let i = 0;
  while (i < indent && line[i] === ' ') i++;
  return line.slice(i);
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';

/**
 * The text of an ATX heading line (`## Title ##`), or null. Read by hand: a regex with lazy text
 * between runs of spaces backtracks quadratically on a long line of spaces.
 */
function headingText(line: string): string | null {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  let level = 0;
  while (line[i + level] === '#') level++;
  if (level < 1 || level > 6) return null;
  const start = i + level;
  if (start < line.length && !isBlank(line[start])) return null;
  let end = line.length;
  while (end > start && isBlank(line[end - 1])) end--;
  // An optional closing run of #, after a space or tab (or the whole text).
  let hashes = end;
  while (hashes > start && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (hashes === start || isBlank(line[hashes - 1]))) end = hashes;
  return line.slice(start, end);
}
