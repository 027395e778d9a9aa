import { readFixture } from '../../test/fixtures/diagrams.js';
import { describe, expect, it } from 'vitest';
import { describeDiagram } from './describe-diagram.js';
import { longRuns } from '../../test/support/long-runs.js';

const fixture = readFixture;

describe('describeDiagram', () => {
  it('counts participants and messages of a sequence diagram', () => {
    expect(describeDiagram(fixture('small.mmd'))).toBe(
      'Sequence diagram · 2 participants · 3 messages',
    );
    expect(describeDiagram(fixture('medium.mmd'))).toBe(
      'Sequence diagram · 8 participants · 60 messages',
    );
  });

  it('names other kinds', () => {
    expect(describeDiagram(fixture('flow.mmd'))).toBe('Flowchart');
    expect(describeDiagram('%% comment\nclassDiagram\n  A <|-- B')).toBe('Class diagram');
    expect(describeDiagram('not a diagram')).toBe('Diagram');
  });

  it('counts aliases, actors and one message', () => {
    expect(describeDiagram('sequenceDiagram\nactor U as User\nU->>S: go')).toBe(
      'Sequence diagram · 2 participants · 1 message',
    );
  });

  // The test timeout is the guard: these took minutes with a backtracking message regex.
  it('reads million-character lines of spaces, tabs, dashes, arrows and colons at once', () => {
    const run = (char: string) => char.repeat(1_000_000);
    for (const line of [
      `a${run(' ')}`,
      `a${run(' ')}b`,
      `a${run('\t')}->`,
      `a->${run(' ')}b`,
      `a${run('-')}`,
      `a${run('->')}`,
      `a${run('>')}`,
      `a${run(':')}`,
      `A->>B${run(' ')}`,
    ]) {
      expect(describeDiagram(`sequenceDiagram\n${line}`)).toMatch(/^Sequence diagram · /);
    }
    expect(describeDiagram(`sequenceDiagram\nA${' '.repeat(1_000_000)}->>B: hi`)).toBe(
      'Sequence diagram · 2 participants · 1 message',
    );
  });

  it('reads a long run of any punctuation character at once', () => {
    for (const { text } of longRuns(20_000)) {
      expect(describeDiagram(`sequenceDiagram\n${text}`)).toMatch(/^Sequence diagram · /);
      expect(describeDiagram(text)).not.toBe('');
    }
  });
});
