import { describe, expect, it } from 'vitest';
import { applyTextEdit, drawingEdit, type DrawingEdit } from './drawing-edit.js';

const TEXT = [
  '%%{init: {"theme": "forest"}}%%',
  'sequenceDiagram',
  '  participant Web',
  '  %% the card is charged once',
  '  Web->>Api: charge',
  '  Note right of Api: idempotent',
  '',
  '  loop every minute',
  '      Api-->>Web: status',
  '  end',
  '  style Web fill:#e0e7ff',
].join('\n');

function edited(request: DrawingEdit, text = TEXT): string {
  const result = drawingEdit(text, request);
  if (!result.ok) throw new Error(result.reason);
  return applyTextEdit(text, result.edit);
}

const lines = (text: string) => text.split('\n');

describe('drawing edits', () => {
  it('reverses a message by swapping its two names, nothing else', () => {
    const result = drawingEdit(TEXT, { op: 'reverse', line: 5 });
    expect(result).toEqual({
      ok: true,
      edit: { from: expect.any(Number), to: expect.any(Number), insert: 'Api->>Web' },
    });
    expect(lines(edited({ op: 'reverse', line: 5 }))[4]).toBe('  Api->>Web: charge');
  });

  it('adds a message inside a block with the indentation of the block’s lines', () => {
    const after = lines(edited({ op: 'insert-message', at: 10, from: 'Web', to: 'Api' }));
    expect(after[9]).toBe('      Web->>Api: ');
    expect(after[10]).toBe('  end');
  });

  it('moves a message with its note into a block', () => {
    const after = lines(edited({ op: 'move-message', line: 5, to: 10 }));
    expect(after.slice(6, 10)).toEqual([
      '      Api-->>Web: status',
      '      Web->>Api: charge',
      '      Note right of Api: idempotent',
      '  end',
    ]);
  });

  it('wraps a message and its note in a block, one of the text’s own steps in', () => {
    const after = lines(edited({ op: 'wrap', line: 5, block: 'opt' }));
    expect(after.slice(4, 8)).toEqual([
      '  opt Optional',
      '      Web->>Api: charge',
      '      Note right of Api: idempotent',
      '  end',
    ]);
  });

  it('renames a participant everywhere, its style line included', () => {
    const after = edited({ op: 'rename', name: 'Web', to: 'Browser' });
    expect(after).not.toMatch(/\bWeb\b/);
    expect(after).toContain('style Browser fill:#e0e7ff');
    expect(after).toContain('%% the card is charged once');
  });

  it('declares participants the diagram only used when it reorders them', () => {
    const after = lines(edited({ op: 'reorder-participant', name: 'Api', before: 'Web' }));
    expect(after.slice(2, 4)).toEqual(['  participant Api', '  participant Web']);
    const typed = lines(edited({ op: 'participant-type', name: 'Api', type: 'database' }));
    expect(typed.slice(2, 4)).toEqual([
      '  participant Web',
      '  participant Api@{ "type": "database" }',
    ]);
  });

  it('deletes a participant with every line that names it', () => {
    const after = edited({ op: 'delete-participant', name: 'Api' });
    expect(after).not.toMatch(/Api/);
    expect(lines(after)).toContain('  loop every minute');
  });

  it('unwraps a block and keeps what was in it', () => {
    expect(lines(edited({ op: 'unwrap', line: 8 })).slice(6)).toEqual([
      '',
      '      Api-->>Web: status',
      '  style Web fill:#e0e7ff',
    ]);
  });

  it('names a message just drawn in, with or without its colon', () => {
    const drawn = 'sequenceDiagram\n    Web->>Api: \n    Api->>Web';
    expect(edited({ op: 'message-label', line: 2, text: 'pay' }, drawn)).toBe(
      'sequenceDiagram\n    Web->>Api: pay\n    Api->>Web',
    );
    expect(edited({ op: 'message-label', line: 3, text: 'ok; done' }, drawn)).toBe(
      'sequenceDiagram\n    Web->>Api: \n    Api->>Web: ok#59; done',
    );
  });

  it('keeps linkStyle lines on their messages when messages come, move and go', () => {
    const styled = [
      'sequenceDiagram',
      '    A->>B: one',
      '    B->>C: two',
      '    C->>A: three',
      '    linkStyle 0 stroke:#dc2626',
      '    linkStyle 1,2 stroke:#2563eb',
    ].join('\n');
    const tail = (text: string) => lines(text).slice(-2);
    expect(tail(edited({ op: 'insert-message', at: 2, from: 'A', to: 'C' }, styled))).toEqual([
      '    linkStyle 1 stroke:#dc2626',
      '    linkStyle 2,3 stroke:#2563eb',
    ]);
    expect(tail(edited({ op: 'move-message', line: 2, to: 5 }, styled))).toEqual([
      '    linkStyle 2 stroke:#dc2626',
      '    linkStyle 0,1 stroke:#2563eb',
    ]);
    const deleted = lines(edited({ op: 'delete-message', line: 2 }, styled));
    expect(deleted.slice(-1)).toEqual(['    linkStyle 0,1 stroke:#2563eb']);
    expect(deleted.join('\n')).not.toContain('#dc2626');
  });

  it('keeps CRLF line endings', () => {
    const crlf = TEXT.replace(/\n/g, '\r\n');
    expect(edited({ op: 'add-note', line: 9 }, crlf)).toContain(
      '      Api-->>Web: status\r\n      Note over Api,Web: Note\r\n  end',
    );
  });

  it('refuses, with a reason, what the text cannot say', () => {
    const refused = (request: DrawingEdit, text = TEXT) => {
      const result = drawingEdit(text, request);
      return result.ok ? null : result.reason;
    };
    expect(refused({ op: 'add-branch', line: 8 })).toMatch(/A loop has no branches/);
    expect(refused({ op: 'reverse', line: 4 })).toMatch(/no longer on this line/);
    expect(refused({ op: 'rename', name: 'Web', to: 'Api' })).toMatch(/already a participant/);
    expect(refused({ op: 'rename', name: 'Web', to: 'two words' })).toMatch(
      /can't be a participant's name/,
    );
    expect(refused({ op: 'reverse', line: 2 }, 'sequenceDiagram\n  A->>A: self')).toMatch(/itself/);
    expect(refused({ op: 'reverse', line: 2 }, 'flowchart LR\n  A-->B')).toMatch(
      /sequence diagrams/,
    );
  });
});
