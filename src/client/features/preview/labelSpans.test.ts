import { describe, expect, it } from 'vitest';
import { longRuns, RUN_CHARACTERS } from '../../../../test/support/long-runs';
import { labelSpans, type Family } from './labelSpans';

/** Each span as [kind, raw, id], after checking it covers exactly its raw text in the source. */
function read(source: string, family: Family) {
  return labelSpans(source, family).map((span) => {
    if (span.aliasInsert) expect(span.from).toBe(span.to);
    else expect(source.slice(span.from, span.to)).toBe(span.raw);
    return [span.kind, span.raw, span.id];
  });
}

const SEQ = [
  'sequenceDiagram',
  '  participant A as Alice',
  '  actor Bob',
  '  create participant C',
  '  A->>Bob: hello: there',
  '  Bob-->>A: back',
  '  A-xBob: lost',
  '  A--)Bob: async',
  '  A<<->>Bob: both',
  '  A->>+Bob: activate',
  '  A -> Bob :  spaced  ',
  '  A->>Bob:',
  '  Note right of Bob: a note',
  '  note over A,Bob: shared',
  '  NOTE LEFT OF A :left',
  '  note over  : empty name',
  '  loop Every minute',
  '  alt ok',
  '  A: no arrow',
  '  %% A->>B: comment',
].join('\n');

const FLOW = [
  'flowchart LR',
  '  A[Start] --> B{Is it?}',
  '  B -->|Yes| C(Ship)',
  '  B -- No --> D["Debug (again)"]',
  '  E((Circle)) --- F>Flag] == thick ==> G[[Sub]]',
  '  H[(Db)] -.-> I([Stadium]) -. dotted .-> J{{Hex}}',
  '  K[/Trap\\] --> L[\\Inv/] --> M(((Dbl)))',
  '  N[/Para/] --> O[unclosed',
  '  classDef x fill:#f00',
].join('\n');

describe('labelSpans', () => {
  it('finds participants, messages, notes and blocks of a sequence diagram', () => {
    expect(read(SEQ, 'sequence')).toEqual([
      ['actor', 'Alice', 'A'],
      ['actor', 'Bob', 'Bob'],
      ['actor', 'C', 'C'],
      ['message', 'hello: there', null],
      ['message', 'back', null],
      ['message', 'lost', null],
      ['message', 'async', null],
      ['message', 'both', null],
      ['message', 'activate', null],
      ['message', 'spaced', null],
      ['note', 'a note', null],
      ['note', 'shared', null],
      ['note', 'left', null],
      ['note', 'empty name', null],
      ['block', 'Every minute', null],
      ['block', 'ok', null],
    ]);
  });

  it('finds node texts of every shape and edge labels of a flowchart', () => {
    expect(read(FLOW, 'flowchart')).toEqual([
      ['node', 'Start', 'A'],
      ['node', 'Is it?', 'B'],
      ['edge', 'Yes', null],
      ['node', 'Ship', 'C'],
      ['edge', 'No', null],
      ['node', '"Debug (again)"', 'D'],
      ['node', 'Circle', 'E'],
      ['node', 'Flag', 'F'],
      ['edge', 'thick', null],
      ['node', 'Sub', 'G'],
      ['node', 'Db', 'H'],
      ['node', 'Stadium', 'I'],
      ['edge', 'dotted', null],
      ['node', 'Hex', 'J'],
      ['node', 'Trap', 'K'],
      ['node', 'Inv', 'L'],
      ['node', 'Dbl', 'M'],
      ['node', 'Para', 'N'],
    ]);
  });

  // The test timeout is the guard: with backtracking readers single lines like these took
  // seconds each, and the whole set would have taken hours.
  it('reads long runs of spaces and punctuation in sequence and flowchart lines at once', () => {
    for (const { name, text } of longRuns(50_000)) {
      expect(labelSpans(`sequenceDiagram\n${text}`, 'sequence'), name).toBeInstanceOf(Array);
      expect(labelSpans(`flowchart TD\n${text}`, 'flowchart'), name).toBeInstanceOf(Array);
    }
  });

  it('reads 100,000-character lines of repeated tokens at once', () => {
    const n = 100_000;
    for (const char of RUN_CHARACTERS) {
      for (const token of [`a${char}`, `a[${char}`, `a -- ${char}`, `A->${char}`]) {
        const line = token.repeat(n / token.length);
        expect(labelSpans(`sequenceDiagram\n${line}`, 'sequence')).toBeInstanceOf(Array);
        expect(labelSpans(`flowchart TD\n${line}`, 'flowchart')).toBeInstanceOf(Array);
      }
    }
  });

  it('still finds the label after a long run', () => {
    const run = ' '.repeat(100_000);
    expect(read(`sequenceDiagram\nA${run}->>B: hi`, 'sequence')).toEqual([['message', 'hi', null]]);
    expect(read(`sequenceDiagram\nnote over A${run}: hi`, 'sequence')).toEqual([
      ['note', 'hi', null],
    ]);
    expect(read(`flowchart TD\nA -- ${run}hi${run}--> B`, 'flowchart')).toEqual([
      ['edge', 'hi', null],
    ]);
    expect(read(`flowchart TD\n${'_'.repeat(100_000)}[hi]`, 'flowchart')).toEqual([
      ['node', 'hi', '_'.repeat(100_000)],
    ]);
  });
});
