/**
 * A grid of terminal columns. A wide grapheme takes its cell and the next one (held as ''), and
 * writing over either half of it blanks the other half, so lines never lose their alignment.
 */
import { cellsOf } from './cells.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export class TextCanvas {
  private readonly rows: string[][] = [];

  constructor(readonly width: number) {}

  get height(): number {
    return this.rows.length;
  }

  private row(y: number): string[] {
    while (this.rows.length <= y) this.rows.push(new Array<string>(this.width).fill(' '));
    return this.rows[y] as string[];
  }

  put(x: number, y: number, text: string, width = 1): void {
    if (x < 0 || x + width > this.width) return;
    const row = this.row(y);
    // Writing over half of a wide grapheme blanks its other half.
    if (row[x] === '' && x > 0) row[x - 1] = ' ';
    const after = x + width;
    if (row[after] === '') row[after] = ' ';
    row[x] = text;
    for (let i = 1; i < width; i++) row[x + i] = '';
  }

  /** A cleaned line of text from x, clipped at the right edge. */
  text(x: number, y: number, line: string): void {
    if (PRINTABLE_ASCII.test(line)) {
      for (let i = 0; i < line.length && x + i < this.width; i++)
        this.put(x + i, y, line[i] as string);
      return;
    }
    let at = x;
    for (const cell of cellsOf(line)) {
      if (at + cell.width > this.width) break;
      this.put(at, y, cell.text, cell.width);
      at += cell.width;
    }
  }

  /** Ensures the canvas has at least `height` lines. */
  grow(height: number): void {
    if (height > 0) this.row(height - 1);
  }

  toString(): string {
    return this.rows.map((row) => row.join('').trimEnd()).join('\n');
  }
}
