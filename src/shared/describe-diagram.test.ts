import { readFixture } from '../../test/fixtures/diagrams.js';
import { describe, expect, it } from 'vitest';
import { describeDiagram } from './describe-diagram.js';

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
});
