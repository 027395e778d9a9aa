import { describe, expect, it } from 'vitest';
import { sequenceStyles } from './sequence-styles.js';
import { styleStatementEdit, type TextEdit } from './style-edit.js';

const apply = (text: string, edit: TextEdit | null) =>
  edit ? text.slice(0, edit.from) + edit.insert + text.slice(edit.to) : text;

const TEXT = 'sequenceDiagram\n    participant Web\n    Web->>Web: hi\n    Web->>Web: again';

describe('styleStatementEdit', () => {
  it('adds a style statement for a participant at the end, which the reader resolves', () => {
    const text = apply(
      TEXT,
      styleStatementEdit(TEXT, { kind: 'participant', name: 'Web' }, 'blue'),
    );
    expect(text).toBe(`${TEXT}\n    style Web fill:#dbeafe,stroke:#2563eb,color:#1e3a8a\n`);
    expect(sequenceStyles(text).participants.get('Web')).toEqual({
      fill: '#dbeafe',
      stroke: '#2563eb',
      color: '#1e3a8a',
    });
  });

  it("replaces the element's own statement, and removes it for no colour", () => {
    const message = { kind: 'message', index: 1 } as const;
    const once = apply(TEXT, styleStatementEdit(TEXT, message, 'red'));
    const twice = apply(once, styleStatementEdit(once, message, 'green'));
    expect(twice).toBe(`${TEXT}\n    linkStyle 1 stroke:#16a34a,color:#16a34a\n`);
    expect(sequenceStyles(twice).messages.get(1)).toEqual({ stroke: '#16a34a', color: '#16a34a' });
    expect(apply(twice, styleStatementEdit(twice, message, null))).toBe(`${TEXT}\n`);
    expect(styleStatementEdit(TEXT, message, null)).toBeNull();
  });

  it('leaves a shared statement alone and adds its own after it', () => {
    const shared = `${TEXT}\n    linkStyle 0,1 stroke:#000\n`;
    const edit = styleStatementEdit(shared, { kind: 'message', index: 0 }, 'gray');
    expect(apply(shared, edit)).toBe(`${shared}    linkStyle 0 stroke:#64748b,color:#64748b\n`);
  });
});
