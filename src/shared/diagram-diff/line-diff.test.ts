import { describe, expect, it } from 'vitest';
import { hasDifferences, lineDiff } from './line-diff.js';

describe('lineDiff', () => {
  it('marks lines only in the first text as removed and only in the second as added', () => {
    const rows = lineDiff(
      'sequenceDiagram\nA->>B: one\nB-->>A: ok',
      'sequenceDiagram\nA->>B: two\nB-->>A: ok\n',
    );
    expect(rows).toEqual([
      { kind: 'same', text: 'sequenceDiagram' },
      { kind: 'removed', text: 'A->>B: one' },
      { kind: 'added', text: 'A->>B: two' },
      { kind: 'same', text: 'B-->>A: ok' },
    ]);
    expect(hasDifferences(rows)).toBe(true);
  });

  it('finds no differences in equal texts, and keeps empty lines', () => {
    const rows = lineDiff('a\n\nb', 'a\n\nb');
    expect(rows.map((row) => row.text)).toEqual(['a', '', 'b']);
    expect(hasDifferences(rows)).toBe(false);
  });
});
