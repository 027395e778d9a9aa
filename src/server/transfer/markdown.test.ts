import { describe, expect, it } from 'vitest';
import { longRuns } from '../../../test/support/long-runs.js';
import { mermaidBlocks } from './markdown.js';

describe('mermaidBlocks', () => {
  it('finds each mermaid fence with the nearest heading above it', () => {
    const md = [
      'Intro text',
      '```mermaid',
      'graph TD',
      '```',
      '# First',
      '## Second ##',
      '```Mermaid title="x"',
      'sequenceDiagram',
      '  A->>B: hi',
      '',
      '```',
      '### Third',
      '~~~mermaid',
      'graph LR',
      '~~~',
    ].join('\n');
    expect(mermaidBlocks(md)).toEqual([
      { heading: null, content: 'graph TD' },
      { heading: 'Second', content: 'sequenceDiagram\n  A->>B: hi\n' },
      { heading: 'Third', content: 'graph LR' },
    ]);
  });

  it('ignores other languages, and headings and fences inside them', () => {
    const md = [
      '# Real',
      '````markdown',
      '# Not a heading',
      '```mermaid',
      'graph inside example',
      '```',
      '````',
      '```mermaid',
      'graph TD',
      '```',
    ].join('\n');
    expect(mermaidBlocks(md)).toEqual([{ heading: 'Real', content: 'graph TD' }]);
  });

  it('needs a closing fence as long as the opening one, of the same character', () => {
    const md = '````mermaid\ngraph TD\n```\n~~~~\nA\n````\nafter';
    expect(mermaidBlocks(md)).toEqual([{ heading: null, content: 'graph TD\n```\n~~~~\nA' }]);
  });

  it('strips the opening fence’s indentation and handles CRLF', () => {
    const md = '#Not heading\r\n  ```mermaid\r\n  graph TD\r\n    A-->B\r\n  ```\r\n';
    expect(mermaidBlocks(md)).toEqual([{ heading: null, content: 'graph TD\n  A-->B' }]);
  });

  it('runs an unclosed fence to the end, and finds nothing in plain text', () => {
    expect(mermaidBlocks('# T\n```mermaid\ngraph TD')).toEqual([
      { heading: 'T', content: 'graph TD' },
    ]);
    expect(mermaidBlocks('no code here\n`inline mermaid`')).toEqual([]);
    expect(mermaidBlocks('```mermaid`x`\ngraph\n```')).toEqual([]);
  });

  // The test timeout is the guard: a 60,000-space heading took seconds with a backtracking regex.
  it('reads headings of a million spaces or tabs at once', () => {
    const fence = '\n```mermaid\ngraph TD\n```';
    for (const blank of [' ', '\t']) {
      const run = blank.repeat(1_000_000);
      expect(mermaidBlocks(`# a${run}b${fence}`)[0]?.heading).toBe(`a${run}b`);
      expect(mermaidBlocks(`# a${run}#${run}x${fence}`)[0]?.heading).toBe(`a${run}#${run}x`);
      expect(mermaidBlocks(`# a${run}##${run}${fence}`)[0]?.heading).toBe('a');
    }
  });

  it('reads a long run of any punctuation character at once', () => {
    for (const { name, text } of longRuns(20_000)) {
      // A run of ``` or ~~~ opens a fence of its own that nothing closes.
      const opensFence = /^[`~]{3}/.test(text);
      const blocks = mermaidBlocks(`${text}\n\`\`\`mermaid\nx\n\`\`\``);
      expect(blocks, name).toHaveLength(opensFence ? 0 : 1);
    }
  });
});
