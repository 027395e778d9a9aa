import { describe, expect, it } from 'vitest';
import { parseErrorLocation } from './parse-error.js';

// Messages as mermaid 11 words them for these texts.
const EXPECTING = "Expecting 'NEWLINE', got 'INVALID'";

describe('parseErrorLocation', () => {
  it('reads the line and the caret column of a jison parse error', () => {
    const source = 'sequenceDiagram\n  Alice->>Bob: hi\n  Alice=>Bob: x\n';
    const message = `Parse error on line 3:\n...e->>Bob: hi  Alice=>Bob: x\n----------------------^\n${EXPECTING}`;
    expect(parseErrorLocation(message, source)).toEqual({ line: 3, column: 8 });
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
    expect(parseErrorLocation(message, 'pie\n "a": x')).toEqual({ line: 2, column: 6 });
  });

  it('puts an error without a line on the first line with text', () => {
    const message = 'No diagram type detected matching given configuration for text: notADiagram';
    expect(parseErrorLocation(message, '%% c\n\nnotADiagram\nfoo')).toEqual({
      line: 3,
      column: null,
    });
  });
});
