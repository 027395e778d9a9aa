import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSequence } from '../mermaid-reader/sequence.js';
import { isStatementLine, likeness, lineText, moveAnchors, type Anchor } from './anchor.js';
import { participantLine } from './statement.js';

const BASE = [
  'sequenceDiagram',
  '  participant Alice',
  '  Alice->>Bob: one',
  '  Bob->>Carol: two',
  '  Note over Carol: thinks',
  '  Carol-->>Alice: three',
].join('\n');

const anchorAt = (source: string, line: number): Anchor => ({ line, text: lineText(source, line) });
const move = (before: string, after: string, anchor: Anchor) =>
  moveAnchors(before, after, [anchor])[0];

describe('isStatementLine', () => {
  it('takes messages, participants, notes and block lines, not the header, blanks or comments', () => {
    const source = [
      '---',
      'title: T',
      '---',
      '%% a comment',
      'sequenceDiagram',
      '  participant A',
      '',
      '  loop every minute',
      '    A->>B: hi',
      '    Note over B: x',
      '  end',
      '  %% later',
    ].join('\n');
    const statements = [6, 8, 9, 10, 11];
    for (let line = 0; line <= 13; line++) {
      expect(isStatementLine(source, line), `line ${line}`).toBe(statements.includes(line));
    }
  });

  it('takes any line after the keyword of other diagram kinds', () => {
    expect(isStatementLine('flowchart LR\n  A --> B\n', 2)).toBe(true);
    expect(isStatementLine('flowchart LR\n  A --> B\n', 1)).toBe(false);
    expect(isStatementLine('', 1)).toBe(false);
    expect(isStatementLine(BASE, 1.5)).toBe(false);
  });
});

describe('participantLine', () => {
  it("is a participant's declaration when it has one, else the first statement naming it", () => {
    const statements = readSequence(
      [
        'sequenceDiagram',
        '  Alice->>Bob: one',
        '  participant Bob as The bank',
        '  Bob->>Carol: two',
        '  create actor Dan',
        '  Carol->>Dan: three',
      ].join('\n'),
    );
    expect(participantLine(statements, 'Alice')).toBe(2);
    expect(participantLine(statements, 'Bob')).toBe(3);
    expect(participantLine(statements, 'Carol')).toBe(4);
    expect(participantLine(statements, 'Dan')).toBe(5);
    expect(participantLine(statements, 'Eve')).toBeNull();
  });
});

describe('moveAnchors', () => {
  const two = anchorAt(BASE, 4);

  it('keeps a comment on its statement when lines are added above it', () => {
    const after = BASE.replace(
      '  Alice->>Bob: one',
      '  Alice->>Bob: one\n  Alice->>Dan: new\n  Dan->>Bob: new too',
    );
    expect(move(BASE, after, two)).toEqual({ line: 6, text: 'Bob->>Carol: two' });
  });

  it('keeps it when lines above are deleted', () => {
    const after = BASE.replace('  participant Alice\n', '');
    expect(move(BASE, after, two)).toEqual({ line: 3, text: 'Bob->>Carol: two' });
  });

  it('follows an edited line, taking its new text', () => {
    const after = BASE.replace('Bob->>Carol: two', 'Bob->>Carol: two, async');
    expect(move(BASE, after, two)).toEqual({ line: 4, text: 'Bob->>Carol: two, async' });
  });

  it('follows a moved line', () => {
    const lines = BASE.split('\n');
    const after = [lines[0], lines[3], lines[1], lines[2], lines[4], lines[5]].join('\n');
    expect(move(BASE, after, two)).toEqual({ line: 2, text: 'Bob->>Carol: two' });
  });

  it('becomes outdated when its statement is deleted, keeping its text', () => {
    const after = BASE.replace('  Bob->>Carol: two\n', '');
    expect(move(BASE, after, two)).toEqual({ line: null, text: 'Bob->>Carol: two' });
  });

  it('becomes outdated when its line is replaced by something else entirely', () => {
    const after = BASE.replace('Bob->>Carol: two', 'rect rgb(200, 220, 255)');
    expect(move(BASE, after, two)?.line).toBeNull();
  });

  it('pairs two edited lines of one change with their own new lines', () => {
    const after = BASE.replace('Alice->>Bob: one', 'Alice->>Bob: one!').replace(
      'Bob->>Carol: two',
      'Bob->>Carol: two!',
    );
    const moved = moveAnchors(BASE, after, [anchorAt(BASE, 3), two]);
    expect(moved.map((anchor) => anchor.line)).toEqual([3, 4]);
  });

  it('leaves an outdated anchor outdated', () => {
    expect(move(BASE, `${BASE}\n  A->>B: x`, { line: null, text: 'gone' })).toEqual({
      line: null,
      text: 'gone',
    });
  });

  it('rates likeness from 0 to 1', () => {
    expect(likeness('abc', 'abc')).toBe(1);
    expect(likeness('abcd', 'wxyz')).toBe(0);
  });
});

/** Lines that are never the anchored statement's text. */
const unrelatedLine = fc
  .tuple(fc.constantFrom('A', 'B', 'Dan', 'Eve'), fc.constantFrom('->>', '-->>', '-x'), fc.nat(99))
  .map(([from, arrow, n]) => `  ${from}${arrow}Zed: m${n}`);

type Edit = { op: 'insert'; at: number; text: string } | { op: 'delete'; at: number };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: unrelatedLine }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
);

/** Applies an edit to any line but the header (0) and the statement at `keep` (0-based). */
function apply(lines: string[], change: Edit, keep: number): string[] {
  const next = [...lines];
  if (change.op === 'insert') {
    next.splice(1 + (change.at % lines.length), 0, change.text);
  } else {
    const candidates = lines.map((_, i) => i).filter((i) => i !== 0 && i !== keep);
    if (candidates.length === 0) return next;
    next.splice(candidates[change.at % candidates.length]!, 1);
  }
  return next;
}

describe('moveAnchors under generated edits', () => {
  const statement = '  Bob->>Carol: two';
  const start = fc
    .tuple(fc.array(unrelatedLine, { maxLength: 12 }), fc.array(unrelatedLine, { maxLength: 12 }))
    .map(([above, below]) => ['sequenceDiagram', ...above, statement, ...below]);

  it('never moves an anchor off its statement when unrelated lines come and go', () => {
    fc.assert(
      fc.property(start, fc.array(edit, { maxLength: 20 }), (initial, edits) => {
        let lines = initial;
        let anchor = anchorAt(lines.join('\n'), lines.indexOf(statement) + 1);
        for (const change of edits) {
          const next = apply(lines, change, lines.indexOf(statement));
          [anchor] = moveAnchors(lines.join('\n'), next.join('\n'), [anchor]) as [Anchor];
          lines = next;
          expect(anchor.line).toBe(lines.indexOf(statement) + 1);
          expect(anchor.text).toBe(statement.trim());
        }
      }),
    );
  });

  it('makes the anchor outdated once its statement is deleted, whatever came before', () => {
    fc.assert(
      fc.property(start, fc.array(edit, { maxLength: 10 }), (initial, edits) => {
        let lines = initial;
        let anchor = anchorAt(lines.join('\n'), lines.indexOf(statement) + 1);
        for (const change of edits) {
          const next = apply(lines, change, lines.indexOf(statement));
          [anchor] = moveAnchors(lines.join('\n'), next.join('\n'), [anchor]) as [Anchor];
          lines = next;
        }
        const without = lines.filter((line) => line !== statement);
        [anchor] = moveAnchors(lines.join('\n'), without.join('\n'), [anchor]) as [Anchor];
        expect(anchor).toEqual({ line: null, text: statement.trim() });
      }),
    );
  });
});
