import { describe, expect, it } from 'vitest';
import { insertNewlineAndIndent } from '@codemirror/commands';
import { indentOnInput, indentUnit } from '@codemirror/language';
import { EditorState, type Transaction } from '@codemirror/state';
import { indentationFor, smartIndent } from './indent';

/** The text after pressing Enter at the end of `text` (the default keymap's Enter). */
function enterAtEnd(text: string): string {
  let state = EditorState.create({
    doc: text,
    selection: { anchor: text.length },
    extensions: [smartIndent(), indentUnit.of('    ')],
  });
  insertNewlineAndIndent({
    state,
    dispatch: (tr: Transaction) => {
      state = tr.state;
    },
  });
  return state.doc.toString();
}

const linesAbove = (text: string) => {
  const lines = text.split('\n');
  return (n: number) => lines[lines.length - n] ?? null;
};

describe('smart indentation', () => {
  it('keeps the indentation of the line above', () => {
    expect(enterAtEnd('sequenceDiagram\n    A->>B: hi')).toBe(
      'sequenceDiagram\n    A->>B: hi\n    ',
    );
  });

  it('indents after the first line and after every block opener or divider', () => {
    expect(enterAtEnd('sequenceDiagram')).toBe('sequenceDiagram\n    ');
    for (const opener of [
      'alt ok',
      'else no',
      'loop every minute',
      'par a',
      'and b',
      'rect rgb(0,0,0)',
      'opt x',
      'critical y',
      'break z',
      'box Blue',
    ]) {
      const text = `sequenceDiagram\n    ${opener}`;
      expect(enterAtEnd(text), opener).toBe(`${text}\n        `);
    }
  });

  it('does not indent after a message that merely starts like a keyword', () => {
    const text = 'sequenceDiagram\n    endpoint->>alternative: x';
    expect(enterAtEnd(text)).toBe(`${text}\n    `);
  });

  it('puts end, else and and at the level of their opener, past nested blocks', () => {
    const above = linesAbove(
      'sequenceDiagram\n    alt a\n        loop b\n            A->>B: x\n        end\n        B->>A: y',
    );
    expect(indentationFor('end', above, 4)).toBe(4);
    expect(indentationFor('    else', above, 4)).toBe(4);
    expect(indentationFor('B->>A: z', above, 4)).toBe(8);
  });

  it('moves a typed end back to its opener (indentOnInput)', () => {
    let state = EditorState.create({
      doc: 'sequenceDiagram\n    loop x\n        A->>B: y\n        en',
      extensions: [smartIndent(), indentUnit.of('    '), indentOnInput()],
    });
    const at = state.doc.length;
    state = state.update({
      changes: { from: at, insert: 'd' },
      selection: { anchor: at + 1 },
      userEvent: 'input.type',
    }).state;
    expect(state.doc.toString()).toBe('sequenceDiagram\n    loop x\n        A->>B: y\n    end');
  });
});
