import { describe, expect, it } from 'vitest';
import { longRuns } from '../../../test/support/long-runs.js';
import { diagramFamily, diagramKeyword } from './kind.js';
import { participantsOf, readSequence } from './sequence.js';

const SOURCE = [
  'sequenceDiagram',
  '  participant A as Alice',
  '  create actor D as Donald',
  '  A->>+D: hi: there',
  '  D -->>- A : back',
  '  Note over A, D: both',
  '  alt ok',
  '    A-xD: lost',
  '  else',
  '  end',
  '  %% A->>B: comment',
  '  activate D',
  '  bogus words',
  '  API@{ "type": "boundary" }',
].join('\n');

describe('readSequence', () => {
  const statements = readSequence(SOURCE);
  const at = (line: number) => statements[line - 1]!;
  const slice = (span: { from: number; to: number } | null) =>
    span ? SOURCE.slice(span.from, span.to) : null;

  it('reads each line as a statement with its kind, names and text in place', () => {
    expect(statements.map((s) => s.kind)).toEqual([
      'header',
      'participant',
      'participant',
      'message',
      'message',
      'note',
      'open',
      'message',
      'branch',
      'end',
      'comment',
      'activate',
      'unknown',
      'unknown',
    ]);
    expect(at(2).names.map((n) => n.name)).toEqual(['A']);
    expect(slice(at(2).text)).toBe('Alice');
    expect(at(3).names.map((n) => slice(n))).toEqual(['D']);
    expect(at(4).names.map((n) => slice(n))).toEqual(['A', 'D']);
    expect(at(4).arrow?.text).toBe('->>');
    expect(at(4).activation).toBe('+');
    expect(slice(at(4).text)).toBe('hi: there');
    expect(at(5).names.map((n) => n.name)).toEqual(['D', 'A']);
    expect(at(5).activation).toBe('-');
    expect(slice(at(5).text)).toBe('back');
    expect(at(6).names.map((n) => slice(n))).toEqual(['A', 'D']);
    expect(slice(at(6).text)).toBe('both');
    expect(at(8).arrow?.text).toBe('-x');
    expect(at(13).keyword).toBe('bogus');
  });

  it('gives each statement its block depth', () => {
    expect(statements.slice(6, 10).map((s) => s.depth)).toEqual([0, 1, 0, 0]);
  });

  it('reads every arrow mermaid knows', () => {
    for (const arrow of [
      '->',
      '-->',
      '->>',
      '-->>',
      '<<->>',
      '<<-->>',
      '-x',
      '--x',
      '-)',
      '--)',
      '-|\\',
      '--|/',
      '-//',
      '/|-',
      '\\\\--',
    ]) {
      const [, message] = readSequence(`sequenceDiagram\nAlice${arrow}Bob: hi`);
      expect(message?.arrow?.text, arrow).toBe(arrow);
      expect(
        message?.names.map((n) => n.name),
        arrow,
      ).toEqual(['Alice', 'Bob']);
    }
  });

  it('counts participants most used, declared or not', () => {
    const uses = participantsOf(statements).map((p) => [p.name, p.declared, p.uses]);
    expect(uses).toEqual([
      ['A', true, 5],
      ['D', true, 6],
    ]);
  });

  it('reads long runs of spaces and punctuation at once', () => {
    for (const { name, text } of longRuns(50_000)) {
      expect(readSequence(`sequenceDiagram\n${text}`), name).toHaveLength(2);
    }
  });
});

describe('diagramKeyword', () => {
  it('skips comments, directives and front matter', () => {
    expect(diagramKeyword('%%{init: {}}%%\n\nsequenceDiagram\nA->>B: x')).toBe('sequenceDiagram');
    expect(diagramKeyword('---\ntitle: x\n---\nflowchart LR\nA-->B')).toBe('flowchart');
    expect(diagramKeyword('  classDiagram\n')).toBe('classDiagram');
    expect(diagramKeyword('stateDiagram-v2')).toBe('stateDiagram-v2');
    expect(diagramKeyword('')).toBe('');
  });

  it('names the families read more closely', () => {
    expect(diagramFamily('sequenceDiagram')).toBe('sequence');
    expect(diagramFamily('graph TD')).toBe('flowchart');
    expect(diagramFamily('classDiagram')).toBe('class');
    expect(diagramFamily('pie')).toBe('other');
  });
});
