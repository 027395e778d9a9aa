/**
 * The `box` groups of a sequence diagram, for the text drawing: which participants each frames
 * and its title. mermaid reads a leading colour (`box Aqua Backend`, `box rgb(1,2,3) Backend`)
 * and takes the whole line as the title when the first word is no colour; a text drawing has no
 * colours, so only the title is kept.
 */
import { isColor } from '../mermaid-reader/safe-style.js';
import type { Statement } from '../mermaid-reader/sequence.js';

export interface ParticipantBox {
  title: string;
  /** The first and last participant it frames (indexes in drawing order). */
  first: number;
  last: number;
}

const COLOR_FUNCTION_START = /^(?:rgba?|hsla?)\s*\(/i;
const LEADING_WORD = /^\w*/;

/** A `box` line's title, after mermaid's reading of its colour. */
export function boxTitle(text: string): string {
  const line = text.trim();
  let color: string;
  if (COLOR_FUNCTION_START.test(line)) {
    // mermaid's `(rgba?|hsla?)\s*\(.*\)` runs to the line's last `)`.
    color = line.slice(0, line.lastIndexOf(')') + 1);
  } else color = LEADING_WORD.exec(line)?.[0] ?? '';
  // `none` is no colour to the browser that mermaid asks, though a style may say it.
  const known =
    color !== '' && color.toLowerCase() !== 'none' && isColor(color.replace(/^(\w+)\s+\(/, '$1('));
  return known ? line.slice(color.length).trim() : line;
}

/** The boxes, each around the participants declared inside it (a box declaring none is left out). */
export function readBoxes(
  statements: readonly Statement[],
  source: string,
  indexOf: ReadonlyMap<string, number>,
): ParticipantBox[] {
  const boxes: ParticipantBox[] = [];
  const open: string[] = [];
  let current: { title: string; first: number; last: number } | null = null;
  for (const statement of statements) {
    if (statement.kind === 'open') {
      open.push(statement.keyword);
      if (statement.keyword === 'box' && !current) {
        const text = statement.text ? source.slice(statement.text.from, statement.text.to) : '';
        current = { title: boxTitle(text), first: Infinity, last: -1 };
      }
    } else if (statement.kind === 'end') {
      if (open.pop() === 'box' && current) {
        if (current.last >= 0) boxes.push({ ...current });
        current = null;
      }
    } else if (current && statement.kind === 'participant') {
      const at = indexOf.get(statement.names[0]?.name ?? '');
      if (at !== undefined) {
        current.first = Math.min(current.first, at);
        current.last = Math.max(current.last, at);
      }
    }
  }
  return boxes;
}
