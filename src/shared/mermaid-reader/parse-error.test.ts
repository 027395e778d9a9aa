import { describe, expect, it } from 'vitest';
import { mermaidLines, parseErrorLocation } from './parse-error.js';

// Messages as mermaid 11 words them for these texts.
const EXPECTING = "Expecting 'NEWLINE', got 'INVALID'";

describe('parseErrorLocation', () => {
  it('reads the line and the caret column of a jison parse error', () => {
    const source = 'sequenceDiagram\n  Alice->>Bob: hi\n  Alice=>Bob: x\n';
    const message = `Parse error on line 3:\n...e->>Bob: hi  Alice=>Bob: x\n----------------------^\n${EXPECTING}`;
    expect(parseErrorLocation(message, source)).toEqual({ line: 3, column: 8, placed: true });
  });

  it('puts an error at the end of the text on the last line with text', () => {
    const message =
      "Parse error on line 5:\n...  A --> B  B -->\n-------------------^\nExpecting 'AMP', got 'EOF'";
    expect(parseErrorLocation(message, 'flowchart LR\n  A --> B\n  B -->\n').line).toBe(3);
  });

  it('counts the lines of a front-matter block', () => {
    const source = '---\ntitle: x\n---\nsequenceDiagram\nA->>B: x\nA=>B\nA->>B: y';
    expect(parseErrorLocation('Parse error on line 3:\nx\n-^\nExpecting', source).line).toBe(6);
  });

  it('reads line and column of a Langium parser error', () => {
    const message =
      'Parsing failed: Lexer error on line 2, column 7: unexpected character: ->x<- at offset: 10, skipped 1 characters.';
    expect(parseErrorLocation(message, 'pie\n "a": x')).toEqual({
      line: 2,
      column: 6,
      placed: true,
    });
  });

  it('puts a text without a diagram type on its first line with text', () => {
    const message = 'No diagram type detected matching given configuration for text: notADiagram';
    expect(parseErrorLocation(message, '%% c\n\nnotADiagram\nfoo')).toEqual({
      line: 3,
      column: null,
      placed: true,
    });
  });

  it('goes to the first line with text for another line-less error, but says it is not placed', () => {
    expect(parseErrorLocation('Something odd', '%% c\nsequenceDiagram\n    A->>B: x')).toEqual({
      line: 2,
      column: null,
      placed: false,
    });
  });

  it('counts lines as mermaid does, without the comment lines it drops', () => {
    const source = 'sequenceDiagram\n%% every arrow\n    A->B';
    const message =
      "Parse error on line 2:\n...Diagram    A->B\n-----------------^\nExpecting 'TXT', got 'NEWLINE'";
    expect(parseErrorLocation(message, source).line).toBe(3);
  });
});

describe('mermaidLines', () => {
  const read = (...lines: string[]) => mermaidLines(lines);

  it('drops comment lines with the blank lines just above them', () => {
    expect(read('sequenceDiagram', '', '  %% c', 'A->>B: x', '', 'B->>A: y')).toEqual([1, 4, 5, 6]);
  });

  it('keeps a bare %% and a directive line, blanked, but trims blank lines at the start', () => {
    expect(read('%%{init: {}}%%', 'sequenceDiagram', '%%', 'A->>B: x')).toEqual([2, 3, 4]);
    expect(read('%% c', '', 'sequenceDiagram', 'A-')).toEqual([3, 4]);
  });

  it('joins the lines of a directive that spans several', () => {
    expect(read('sequenceDiagram', '%%{init: {', '"theme": "dark"}}%%', 'A->>B: x')).toEqual([
      1, 2, 4,
    ]);
  });

  it('drops the front matter and the blank lines after it', () => {
    expect(read('---', 'title: T', '---', '', 'sequenceDiagram', 'A-')).toEqual([5, 6]);
  });
});
