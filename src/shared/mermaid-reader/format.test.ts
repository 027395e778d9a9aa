import { describe, expect, it } from 'vitest';
import { mermaidSequenceDocExamples } from '../../../test/fixtures/diagrams.js';
import { formatDiagram } from './format.js';

describe('formatDiagram', () => {
  it('indents block contents by depth, four spaces a level, and trims trailing spaces', () => {
    const source = [
      '%%{init: {"theme": "dark"}}%%  ',
      'sequenceDiagram   ',
      'participant A',
      'loop every day',
      'A->>B: hi   ',
      '      alt ok',
      '  %% a comment,   kept',
      'B-->>A:   spaced   text',
      'else',
      'Note over A: n',
      'end',
      'end',
      '',
      '  ',
      'A->>B: bye',
    ].join('\n');
    expect(formatDiagram(source)).toBe(
      [
        '%%{init: {"theme": "dark"}}%%',
        'sequenceDiagram',
        '    participant A',
        '    loop every day',
        '        A->>B: hi',
        '        alt ok',
        '            %% a comment,   kept',
        '            B-->>A:   spaced   text',
        '        else',
        '            Note over A: n',
        '        end',
        '    end',
        '',
        '',
        '    A->>B: bye',
      ].join('\n'),
    );
  });

  it('keeps mermaid documentation examples as they are written', () => {
    for (const example of mermaidSequenceDocExamples().slice(0, -5)) {
      const indented = example.startsWith('sequenceDiagram');
      if (indented && !example.includes('rect'))
        expect(formatDiagram(example), example).toBe(example);
    }
  });

  it('is idempotent and keeps a stray end at the outer level', () => {
    const once = formatDiagram('sequenceDiagram\nend\nloop x\nA->>B: y');
    expect(once).toBe('sequenceDiagram\n    end\n    loop x\n        A->>B: y');
    expect(formatDiagram(once)).toBe(once);
  });

  it('only trims trailing spaces in other diagrams', () => {
    expect(formatDiagram('flowchart LR  \n  A --> B   \n')).toBe('flowchart LR\n  A --> B\n');
  });
});
