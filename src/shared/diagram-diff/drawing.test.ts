import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSequence } from '../mermaid-reader/sequence.js';
import { sequenceStyles } from '../mermaid-reader/sequence-styles.js';
import { diffDrawing, NO_MARKS } from './drawing.js';

const seq = (...lines: string[]) => ['sequenceDiagram', ...lines].join('\n');

describe('diffDrawing', () => {
  it('puts removed messages back where they were and marks every message in drawing order', () => {
    const from = seq('  A->>+B: one', '  B-->>-A: two', '  A->>B: three');
    const to = seq('  A->>B: one', '  A->>B: three!', '  A->>C: four');
    const { text, marks } = diffDrawing(from, to);
    expect(text.split('\n')).toEqual([
      'sequenceDiagram',
      '  A->>B: one',
      '  B-->>A: two',
      '  A->>B: three!',
      '  A->>C: four',
    ]);
    // `one` lost its activation mark: a change, marked like a changed label.
    expect(marks.messages).toEqual(['changed', 'removed', 'changed', 'added']);
    expect(marks.participants).toEqual({ C: 'added' });
  });

  it('writes put-back messages and notes with the new name of a renamed participant', () => {
    const from = seq('participant A', 'participant B', 'A->>B: x', 'B->>A: y', 'Note over B: gone');
    const to = seq('participant A', 'participant Z', 'A->>Z: x');
    const { text, marks } = diffDrawing(from, to);
    expect(text.split('\n')).toEqual([
      'sequenceDiagram',
      'participant A',
      'participant Z',
      'A->>Z: x',
      'Z->>A: y',
      'Note over Z: gone',
    ]);
    expect(marks).toEqual({
      messages: [null, 'removed'],
      notes: ['removed'],
      participants: { Z: 'changed' },
    });
  });

  it('puts back the declaration of a removed participant and marks moved messages', () => {
    const from = seq(
      'participant A as Alice',
      'participant Q as Queue',
      'A->>Q: put',
      'A->>A: a',
      'A->>A: b',
    );
    const to = seq('participant A as Alice', 'A->>A: b', 'A->>A: a');
    const { text, marks } = diffDrawing(from, to);
    expect(text).toContain('participant Q as Queue');
    expect(text).toContain('A->>Q: put');
    expect(marks.participants).toEqual({ Q: 'removed' });
    expect(marks.messages.filter((mark) => mark === 'moved')).toHaveLength(1);
    expect(marks.messages.filter((mark) => mark === 'removed')).toHaveLength(1);
  });

  it('keeps each linkStyle on its own message when removed messages are put back before it', () => {
    const from = seq('A->>B: gone', 'A->>B: kept', 'B->>A: also gone', 'B->>A: styled');
    const to = seq('A->>B: kept', 'B->>A: styled', 'linkStyle 1 stroke:#dc2626', 'linkStyle 0,9 x');
    const { text, marks } = diffDrawing(from, to);
    const lines = text.split('\n');
    // Merged order: gone (ghost), kept, also gone (ghost), styled.
    expect(marks.messages).toEqual(['removed', null, 'removed', null]);
    expect(lines).toContain('linkStyle 3 stroke:#dc2626');
    // A number past the last message stays past the last one, ghosts included.
    expect(lines).toContain('linkStyle 1,11 x');
  });

  it('styles the same messages in the drawing of any diff as in the new text', () => {
    // Labels name messages uniquely; `from` and `to` draw from the same pool in any order.
    const labels = fc.uniqueArray(fc.integer({ min: 0, max: 30 }), { maxLength: 12 });
    const labelsOf = (source: string) =>
      readSequence(source)
        .filter((statement) => statement.kind === 'message')
        .map((statement) => source.slice(statement.text!.from, statement.text!.to));
    fc.assert(
      fc.property(labels, labels, fc.array(fc.nat(15), { maxLength: 4 }), (old, now, styled) => {
        const from = seq(...old.map((n) => `A->>B: m${n}`));
        const to = seq(
          ...now.map((n) => `A->>B: m${n}`),
          ...styled.map((n) => `linkStyle ${n} stroke:#dc2626`),
        );
        const want = labelsOf(to).filter((_, n) => sequenceStyles(to).messages.has(n));
        const { text } = diffDrawing(from, to);
        const got = labelsOf(text).filter((_, n) => sequenceStyles(text).messages.has(n));
        expect(got.sort()).toEqual(want.sort());
      }),
    );
  });

  it('without removed elements draws the `to` text as it is', () => {
    const from = seq('A->>B: one', 'A->>B: two');
    const to = seq('A->>B: one');
    expect(diffDrawing(from, to, false)).toEqual({
      text: to,
      marks: { messages: [null], notes: [], participants: {} },
    });
  });

  it('marks nothing in a text that is not a sequence diagram', () => {
    expect(diffDrawing('flowchart TD\n A-->B', 'flowchart TD\n A-->C')).toEqual({
      text: 'flowchart TD\n A-->C',
      marks: NO_MARKS,
    });
  });
});
