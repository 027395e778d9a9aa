import { describe, expect, it } from 'vitest';
import { mermaidSequenceDocExamples, readFixture } from '../../../test/fixtures/diagrams.js';
import { longRuns } from '../../../test/support/long-runs.js';
import { sequenceWarnings } from './warnings.js';

/** Each warning as [line text it marks, message, fix label]. */
function warn(source: string) {
  return sequenceWarnings(source).map((w) => [
    source.slice(w.from, w.to),
    w.message,
    w.fix?.label ?? null,
  ]);
}

function applyFirstFix(source: string): string {
  const fix = sequenceWarnings(source)[0]?.fix;
  if (!fix) throw new Error('no fix');
  return source.slice(0, fix.from) + fix.insert + source.slice(fix.to);
}

describe('sequenceWarnings', () => {
  it('gives no warning on mermaid documentation examples or our fixtures', () => {
    const examples = mermaidSequenceDocExamples();
    expect(examples.length).toBeGreaterThan(20);
    for (const example of examples) expect(warn(example), example).toEqual([]);
    for (const name of ['small.mmd', 'medium.mmd', 'large.mmd'] as const) {
      expect(warn(readFixture(name)), name).toEqual([]);
    }
  });

  it('names the participant a one-off name is a typo of, and fixes it', () => {
    const source =
      'sequenceDiagram\nparticipant Alice\nBob->>Alice: hi\nBob->>Alcie: again\nAlice->>Bob: ok';
    expect(warn(source)).toEqual([['Alcie', 'Did you mean Alice?', 'Change to Alice']]);
    expect(applyFirstFix(source)).toContain('Bob->>Alice: again');
  });

  it('takes a difference of case only as a typo, and two letters as two names', () => {
    expect(
      warn('sequenceDiagram\nServer->>Client: a\nClient->>Server: b\nclient->>Server: c'),
    ).toEqual([['client', 'Did you mean Client?', 'Change to Client']]);
    expect(warn('sequenceDiagram\nA->>B: a\nB->>A: b\nA->>C: c')).toEqual([]);
  });

  it('warns of deactivations without activation', () => {
    expect(warn('sequenceDiagram\nA->>B: x\ndeactivate B')).toEqual([
      ['B', 'B is not active (no activate before)', null],
    ]);
    expect(warn('sequenceDiagram\nA->>B: x\nB-->>-A: y')[0]?.[1]).toBe(
      'B is not active (no activate before)',
    );
  });

  it('warns of blocks that do not pair up', () => {
    const stray = 'sequenceDiagram\nA->>B: x\nend\nA->>B: y';
    expect(warn(stray)).toEqual([['end', '"end" without an open block', 'Remove this line']]);
    expect(applyFirstFix(stray)).toBe('sequenceDiagram\nA->>B: x\nA->>B: y');
    expect(warn('sequenceDiagram\nA->>B: x\nelse no\nloop l\nand x\nend')).toEqual([
      ['else no', '"else" outside alt', null],
      ['and x', '"and" outside par', null],
    ]);
    const open = 'sequenceDiagram\n  loop Every day\n    A->>B: x';
    expect(warn(open)).toEqual([
      ['loop Every day', '"loop" is never closed with "end"', 'Add "end"'],
    ]);
    expect(applyFirstFix(open)).toBe(`${open}\n  end\n`);
  });

  it('warns of unknown keywords, with the one meant when close', () => {
    expect(warn('sequenceDiagram\npartcipant Alice\nfoo bar')).toEqual([
      [
        'partcipant',
        'Unknown keyword "partcipant". Did you mean participant?',
        'Change to participant',
      ],
      ['foo', 'Unknown keyword "foo"', null],
    ]);
  });

  it('says nothing about other diagram kinds', () => {
    expect(warn('flowchart LR\nA-->B\nend')).toEqual([]);
  });

  it('reads long runs of spaces and punctuation at once', () => {
    for (const { name, text } of longRuns(50_000)) {
      expect(sequenceWarnings(`sequenceDiagram\n${text}`), name).toBeInstanceOf(Array);
    }
  });
});
