import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSequences, diffDiagrams } from './compare.js';
import type { SequenceDiff } from './schema.js';
import { NO_CHANGES, SPACING_ONLY } from './summary.js';

const seq = (...lines: string[]) => ['sequenceDiagram', ...lines].join('\n');

function sequenceDiff(from: string, to: string): SequenceDiff {
  const diff = diffDiagrams(from, to);
  if (diff.kind !== 'sequence') throw new Error(`expected a sequence diff, got ${diff.kind}`);
  return diff;
}

const BASE = seq(
  '  participant A as Alice',
  '  participant B',
  '  A->>B: hello',
  '  B-->>A: hi',
  '  A->>B: bye',
);

describe('diffDiagrams on sequence diagrams', () => {
  it('finds nothing in identical texts', () => {
    const diff = sequenceDiff(BASE, BASE);
    expect(diff.summary).toBe('No changes');
    expect(diff.messages).toEqual([]);
    expect(diff.participants).toEqual({ added: [], removed: [], renamed: [], declarations: [] });
  });

  it('reads spacing inside a line that is neither message nor note as spacing', () => {
    const from = seq('autonumber 10', 'style A fill:#fff', 'A->>B: hi');
    const to = seq('autonumber  10', 'style  A   fill:#fff', 'A->>B: hi');
    const diff = sequenceDiff(from, to);
    expect(diff.summary).toBe(SPACING_ONLY);
    expect([diff.lines, diff.styles]).toEqual([[], []]);
  });

  it('says when only indentation and blank lines changed', () => {
    const reindented = BASE.replace(/\n {2}/g, '\n') + '\n\n';
    const diff = sequenceDiff(BASE, reindented);
    expect(diff.summary).toBe('Only spacing changed');
    expect([diff.messages, diff.styles, diff.lines, diff.participants.declarations]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('shows a changed alias as a renamed participant', () => {
    const diff = sequenceDiff(BASE, BASE.replace('as Alice', 'as Alicia'));
    expect(diff.participants.declarations).toEqual([
      {
        name: 'A',
        from: 'participant A as Alice',
        to: 'participant A as Alicia',
        renamed: true,
      },
    ]);
    expect(diff.summary).toBe('1 participant renamed');
    expect(sequenceDiff(BASE, BASE.replace('participant B', 'actor B')).summary).toBe(
      '1 participant changed',
    );
  });

  it('shows a changed style line as a changed style, and every other line by its text', () => {
    const styled = seq('participant A', 'A->>A: x', 'style A fill:#fef3c7', 'autonumber');
    const diff = sequenceDiff(
      styled,
      styled.replace('#fef3c7', '#e0e7ff').replace('autonumber', 'autonumber 10'),
    );
    expect(diff.styles).toEqual([
      {
        change: 'changed',
        before: { line: 4, text: 'style A fill:#fef3c7' },
        after: { line: 4, text: 'style A fill:#e0e7ff' },
      },
    ]);
    expect(diff.summary).toBe('1 style changed, 1 other line changed');
    expect(sequenceDiff(seq('A->>B: x'), seq('A->>+B: x')).summary).toBe('1 activation changed');
  });

  it('finds added messages, with where they are in the new text', () => {
    const to = seq(
      '  participant A as Alice',
      '  participant B',
      '  A->>B: hello',
      '  A->>B: one more',
      '  B-->>A: hi',
      '  A->>B: bye',
      '  B->>A: last',
    );
    const diff = sequenceDiff(BASE, to);
    expect(diff.messages).toEqual([
      {
        change: 'added',
        before: null,
        after: { line: 5, sender: 'A', arrow: '->>', receiver: 'B', label: 'one more' },
      },
      {
        change: 'added',
        before: null,
        after: { line: 8, sender: 'B', arrow: '->>', receiver: 'A', label: 'last' },
      },
    ]);
    expect(diff.summary).toBe('2 messages added');
  });

  it('finds removed messages', () => {
    const to = seq('  participant A as Alice', '  participant B', '  A->>B: hello', '  A->>B: bye');
    const diff = sequenceDiff(BASE, to);
    expect(diff.messages).toEqual([
      {
        change: 'removed',
        before: { line: 5, sender: 'B', arrow: '-->>', receiver: 'A', label: 'hi' },
        after: null,
      },
    ]);
    expect(diff.summary).toBe('1 message removed');
  });

  it("counts a message whose label alone changed as a changed label, the issue's summary line", () => {
    const from = seq('A->>B: one', 'B->>A: two', 'A->>B: three', 'A->>C: four');
    const to = seq(
      'A->>B: one!',
      'B->>A: two',
      'A->>B: new 1',
      'A->>B: three?',
      'B->>A: new 2',
      'C->>A: new 3',
    );
    const diff = sequenceDiff(from, to);
    expect(diff.messages.filter((m) => m.change === 'changed')).toEqual([
      {
        change: 'changed',
        before: { line: 2, sender: 'A', arrow: '->>', receiver: 'B', label: 'one' },
        after: { line: 2, sender: 'A', arrow: '->>', receiver: 'B', label: 'one!' },
      },
      {
        change: 'changed',
        before: { line: 4, sender: 'A', arrow: '->>', receiver: 'B', label: 'three' },
        after: { line: 4, sender: 'A', arrow: '->>', receiver: 'B', label: 'new 1' },
      },
    ]);
    expect(diff.summary).toBe('3 messages added, 1 removed, 2 labels changed');
  });

  it('counts a changed arrow as a removal and an addition, not a changed label', () => {
    const diff = sequenceDiff(seq('A->>B: go'), seq('A-)B: go'));
    expect(diff.messages.map((m) => m.change)).toEqual(['removed', 'added']);
  });

  it('counts a moved block of messages as moved, not removed and added', () => {
    const from = seq('A->>B: 1', 'A->>B: 2', 'B->>C: 3', 'C->>B: 4', 'A->>B: 5', 'A->>B: 6');
    const to = seq('A->>B: 1', 'A->>B: 5', 'A->>B: 6', 'A->>B: 2', 'B->>C: 3', 'C->>B: 4');
    const diff = sequenceDiff(from, to);
    expect(diff.messages.every((m) => m.change === 'moved')).toBe(true);
    expect(diff.messages.map((m) => [m.before?.label, m.before?.line, m.after?.line])).toHaveLength(
      diff.messages.length,
    );
    expect(diff.summary).toMatch(/^\d messages moved$/);
    const moved = diff.messages.map((m) => m.after?.label).sort();
    // Myers keeps the longer run in place; the shorter one is the one that moved.
    expect(moved).toEqual(['5', '6']);
    expect(diff.messages[0]).toEqual({
      change: 'moved',
      before: { line: 6, sender: 'A', arrow: '->>', receiver: 'B', label: '5' },
      after: { line: 3, sender: 'A', arrow: '->>', receiver: 'B', label: '5' },
    });
  });

  it('counts a renamed participant as renamed, its messages unchanged', () => {
    const from = seq('participant Web', 'participant Api', 'Web->>Api: GET /x', 'Api-->>Web: 200');
    const to = seq(
      'participant Web',
      'participant Backend',
      'Web->>Backend: GET /x',
      'Backend-->>Web: 200',
    );
    const diff = sequenceDiff(from, to);
    expect(diff.participants).toEqual({
      added: [],
      removed: [],
      renamed: [{ from: 'Api', to: 'Backend' }],
      declarations: [],
    });
    expect(diff.messages).toEqual([]);
    expect(diff.summary).toBe('1 participant renamed');
  });

  it('sees a rename and a changed label together', () => {
    const from = seq('Web->>Api: GET /x', 'Api-->>Web: 200', 'Web->>Api: bye');
    const to = seq('Web->>Server: GET /x', 'Server-->>Web: 201', 'Web->>Server: bye');
    const diff = sequenceDiff(from, to);
    expect(diff.participants.renamed).toEqual([{ from: 'Api', to: 'Server' }]);
    expect(diff.summary).toBe('1 label changed, 1 participant renamed');
  });

  it('does not call a participant in another place with other messages a rename', () => {
    const from = seq('participant A', 'participant B', 'A->>B: x');
    const to = seq('participant A', 'participant C', 'participant B', 'A->>C: y', 'A->>B: x');
    const diff = sequenceDiff(from, to);
    expect(diff.participants).toEqual({ added: ['C'], removed: [], renamed: [], declarations: [] });
    // Same place, but no message in common: one participant went, another came.
    const gone = sequenceDiff(seq('A->>B: x', 'A->>D: z'), seq('A->>B: x', 'A->>E: other'));
    expect(gone.participants).toEqual({
      added: ['E'],
      removed: ['D'],
      renamed: [],
      declarations: [],
    });
    const renamed = sequenceDiff(
      seq('A->>B: x', 'A->>D: z', 'D->>A: y'),
      seq('A->>B: x', 'A->>E: z', 'E->>A: other'),
    );
    expect(renamed.participants.renamed).toEqual([{ from: 'D', to: 'E' }]);
    expect(renamed.summary).toBe('1 label changed, 1 participant renamed');
    const swapped = sequenceDiff(seq('A->>B: x', 'B->>D: z'), seq('E->>A: q', 'A->>B: x'));
    expect(swapped.participants).toEqual({
      added: ['E'],
      removed: ['D'],
      renamed: [],
      declarations: [],
    });
  });

  it('finds notes added, removed and changed', () => {
    const from = seq(
      'A->>B: x',
      'Note over A,B: both',
      'Note left of A: old',
      'Note right of B: gone',
    );
    const to = seq('A->>B: x', 'Note over A,B: both', 'Note left of A: new', 'Note over B: fresh');
    const diff = sequenceDiff(from, to);
    expect(diff.notes).toEqual([
      {
        change: 'removed',
        before: { line: 5, placement: 'right of', participants: ['B'], text: 'gone' },
        after: null,
      },
      {
        change: 'changed',
        before: { line: 4, placement: 'left of', participants: ['A'], text: 'old' },
        after: { line: 4, placement: 'left of', participants: ['A'], text: 'new' },
      },
      {
        change: 'added',
        before: null,
        after: { line: 5, placement: 'over', participants: ['B'], text: 'fresh' },
      },
    ]);
    expect(diff.summary).toBe('1 note added, 1 removed, 1 changed');
  });

  it('finds blocks added and removed and conditions changed', () => {
    const from = seq(
      'alt ok',
      'A->>B: yes',
      'else fail',
      'A->>B: no',
      'end',
      'loop every second',
      'A->>B: ping',
      'end',
    );
    const to = seq(
      'alt success',
      'A->>B: yes',
      'else fail',
      'A->>B: no',
      'end',
      'A->>B: ping',
      'opt maybe',
      'B->>A: pong',
      'end',
    );
    const diff = sequenceDiff(from, to);
    expect(diff.blocks).toEqual([
      {
        change: 'changed',
        before: { line: 2, keyword: 'alt', condition: 'ok' },
        after: { line: 2, keyword: 'alt', condition: 'success' },
      },
      {
        change: 'removed',
        before: { line: 7, keyword: 'loop', condition: 'every second' },
        after: null,
      },
      { change: 'added', before: null, after: { line: 8, keyword: 'opt', condition: 'maybe' } },
    ]);
    expect(diff.summary).toBe('1 message added, 1 block added, 1 removed, 1 condition changed');
  });

  it('reads a rename into notes, so a renamed participant’s notes are unchanged', () => {
    const diff = sequenceDiff(
      seq('participant A', 'participant B', 'A->>B: x', 'Note over B: hi'),
      seq('participant A', 'participant C', 'A->>C: x', 'Note over C: hi'),
    );
    expect(diff.summary).toBe('1 participant renamed');
  });

  it('counts participants added and removed', () => {
    const diff = sequenceDiff(
      seq('participant A', 'participant B', 'participant Z', 'A->>B: x', 'Z->>A: z'),
      seq('participant A', 'participant B', 'A->>B: x', 'A->>N: new', 'N->>A: back'),
    );
    expect(diff.participants).toEqual({
      added: ['N'],
      removed: ['Z'],
      renamed: [],
      declarations: [],
    });
    expect(diff.summary).toBe('2 messages added, 1 removed, 1 participant added, 1 removed');
  });
});

describe('diffDiagrams on other texts', () => {
  it('answers a text diff for a flowchart', () => {
    const diff = diffDiagrams('flowchart TD\n  A --> B', 'flowchart TD\n  A --> C\n  C --> D');
    expect(diff).toEqual({
      kind: 'text',
      reason: 'not-a-sequence-diagram',
      summary: 'Not a sequence diagram: 2 lines added, 1 removed',
      linesAdded: 2,
      linesRemoved: 1,
    });
  });

  it('answers a text diff when one side stopped being a sequence diagram', () => {
    const diff = diffDiagrams(seq('A->>B: x'), 'flowchart TD\n  A --> B');
    expect(diff.kind).toBe('text');
    expect(diffDiagrams('classDiagram\n A <|-- B', 'classDiagram\n A <|-- B').summary).toBe(
      'No changes',
    );
  });
});

describe('bounded work', () => {
  it('compares two diagrams of 10,000 different messages quickly, saying it was bounded', () => {
    const many = (label: string) =>
      seq(...Array.from({ length: 10_000 }, (_, i) => `A->>B: ${label}${i}`));
    const from = many('a');
    const to = many('b');
    const { diff } = compareSequences(from, to);
    expect(diff.bounded).toBe(true);
    expect(diff.summary).toBe('10000 labels changed');
  });

  it('is not bounded for ordinary edits of a large diagram', () => {
    const lines = Array.from({ length: 5_000 }, (_, i) => `A->>B: m${i}`);
    const edited = [...lines];
    edited.splice(2_500, 1, 'A->>B: changed');
    const { diff } = compareSequences(seq(...lines), seq(...edited));
    expect(diff.bounded).toBe(false);
    expect(diff.summary).toBe('1 label changed');
  });
});

describe('every change of the text shows', () => {
  const name = fc.constantFrom('A', 'B', 'C');
  const word = fc.constantFrom('x', 'y', 'hello', 'two words');
  const statement = fc.oneof(
    fc
      .tuple(name, fc.constantFrom('->>', '-->>', '-x', '->>+', '-->>-'), name, word)
      .map(([a, arrow, b, label]) => `${a}${arrow}${b}: ${label}`),
    fc
      .tuple(fc.constantFrom('participant', 'actor'), name, fc.option(word))
      .map(([keyword, id, alias]) => `${keyword} ${id}${alias === null ? '' : ` as ${alias}`}`),
    fc
      .tuple(fc.constantFrom('left of', 'right of', 'over'), name, word)
      .map(([place, id, text]) => `Note ${place} ${id}: ${text}`),
    fc
      .tuple(fc.constantFrom('loop', 'alt', 'opt', 'else', 'end'), fc.option(word))
      .map(([keyword, text]) => (text === null ? keyword : `${keyword} ${text}`)),
    fc
      .tuple(fc.constantFrom('style', 'class'), name, fc.constantFrom('fill:#fff', 'hot'))
      .map(([keyword, id, rest]) => `${keyword} ${id} ${rest}`),
    fc
      .tuple(fc.constantFrom('0', '1', '0,1'), fc.constantFrom('stroke:#f00', 'stroke:#00f'))
      .map(([numbers, props]) => `linkStyle ${numbers} ${props}`),
    fc.tuple(fc.constantFrom('activate', 'deactivate'), name).map(([k, id]) => `${k} ${id}`),
    fc.constantFrom(
      'autonumber',
      'autonumber 10',
      '%% a comment',
      '%% another',
      'box Aqua',
      'title T',
    ),
  );
  const text = fc.array(statement, { maxLength: 10 });
  /** The same lines with spacing changed: indents, blank lines, doubled spaces. */
  const respaced = (lines: string[], indent: number) =>
    lines.flatMap((line, i) => [
      ' '.repeat((i * indent) % 5) + line.replace(' ', '  '),
      ...(i % 3 === indent % 3 ? [''] : []),
    ]);

  it('never says "No changes" or "Only spacing changed" for texts that differ in more', () => {
    fc.assert(
      fc.property(text, text, fc.nat(4), (before, after, indent) => {
        const spacedLines = (lines: string[]) => lines.map((l) => l.split(/\s+/).join(' '));
        const from = seq(...before);
        const to = seq(...respaced(after, indent));
        const summary = diffDiagrams(from, to).summary;
        if (spacedLines(before).join('\n') !== spacedLines(after).join('\n')) {
          expect(summary).not.toBe(NO_CHANGES);
          expect(summary).not.toBe(SPACING_ONLY);
        } else if (from !== to) {
          expect(summary).toBe(SPACING_ONLY);
        } else {
          expect(summary).toBe(NO_CHANGES);
        }
      }),
      { numRuns: 500 },
    );
  });
});
