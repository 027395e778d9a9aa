/** The characters a text drawing is made of: Unicode box drawing, or plain ASCII. */
import type { TextFormat } from '../output-formats.js';

/** `txt`: Unicode box drawing (Kroki's name for text output); `ascii`: plain ASCII. */
export type { TextFormat };

export interface Glyphs {
  line: string;
  dotted: string;
  lifeline: string;
  /** A lifeline while its participant is active. */
  active: string;
  topLeft: string;
  topRight: string;
  bottomLeft: string;
  bottomRight: string;
  /** Where a lifeline leaves a box's bottom or enters its top. */
  teeDown: string;
  teeUp: string;
  teeRight: string;
  teeLeft: string;
  /** A frame line crossing a lifeline. */
  cross: string;
  headRight: string;
  headLeft: string;
  openRight: string;
  openLeft: string;
  lost: string;
  /** A participant box (`box`): its sides and its top and bottom, lighter than a lifeline. */
  boxSide: string;
  boxEdge: string;
}

const UNICODE: Glyphs = {
  line: '─',
  dotted: '╌',
  lifeline: '│',
  active: '┃',
  topLeft: '┌',
  topRight: '┐',
  bottomLeft: '└',
  bottomRight: '┘',
  teeDown: '┬',
  teeUp: '┴',
  teeRight: '├',
  teeLeft: '┤',
  cross: '┼',
  headRight: '▶',
  headLeft: '◀',
  openRight: '▷',
  openLeft: '◁',
  lost: '×',
  boxSide: '┆',
  boxEdge: '┄',
};

const ASCII: Glyphs = {
  line: '-',
  dotted: '.',
  lifeline: '|',
  active: '#',
  topLeft: '+',
  topRight: '+',
  bottomLeft: '+',
  bottomRight: '+',
  teeDown: '+',
  teeUp: '+',
  teeRight: '+',
  teeLeft: '+',
  cross: '+',
  headRight: '>',
  headLeft: '<',
  openRight: ')',
  openLeft: '(',
  lost: 'x',
  boxSide: ':',
  boxEdge: '.',
};

export const glyphsFor = (format: TextFormat): Glyphs => (format === 'ascii' ? ASCII : UNICODE);

/** Why a text drawing was refused; each becomes a 4xx (or a 503 for `busy`). */
export type TextDiagramProblem = 'unsupported' | 'invalid' | 'too-large' | 'timeout' | 'busy';

export class TextDiagramError extends Error {
  constructor(
    readonly problem: TextDiagramProblem,
    message: string,
  ) {
    super(message);
    this.name = 'TextDiagramError';
  }
}
