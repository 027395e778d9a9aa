import { describe, expect, it } from 'vitest';
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
    expect(marks.messages).toEqual([null, 'removed', 'changed', 'added']);
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
