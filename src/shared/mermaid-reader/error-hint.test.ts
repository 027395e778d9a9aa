import { describe, expect, it } from 'vitest';
import { explainParseError } from './error-hint.js';

// Messages as mermaid 11 words them for these texts.
const ARROWS =
  "'SOLID_OPEN_ARROW', 'DOTTED_OPEN_ARROW', 'SOLID_ARROW', 'BIDIRECTIONAL_SOLID_ARROW', 'DOTTED_ARROW', 'SOLID_CROSS', 'DOTTED_CROSS', 'SOLID_POINT', 'DOTTED_POINT'";
const STATEMENTS =
  "'SPACE', 'NEWLINE', 'INVALID', 'create', 'box', 'end', 'autonumber', 'activate', 'deactivate', 'title', 'loop', 'rect', 'opt', 'alt', 'par', 'critical', 'break', 'participant', 'note', 'ACTOR'";
const parseError = (line: number, expecting: string, got: string) =>
  `Parse error on line ${line}:\n...enceDiagramAlice->>\n----------------------^\nExpecting ${expecting}, got '${got}'`;

describe('explainParseError', () => {
  it('asks for the text of a message that has none', () => {
    const source = 'sequenceDiagram\n    Alice->>Bob\n    Bob->>Alice: x';
    expect(explainParseError(parseError(2, "'TXT'", 'NEWLINE'), source)).toEqual({
      line: 2,
      atEnd: false,
      placed: true,
      hint: 'Line 2: A message needs its text after a colon, like `Alice->>Bob: Hello`.',
    });
  });

  it('asks for the text of a note that has none', () => {
    const source = 'sequenceDiagram\n    Note over Alice';
    expect(explainParseError(parseError(2, "',', 'TXT'", 'NEWLINE'), source).hint).toBe(
      'Line 2: A note needs its text after a colon, like `Note over Alice: Thinking`.',
    );
  });

  it('asks for the participant an arrow points at', () => {
    const source = 'sequenceDiagram\n    Alice->>';
    expect(
      explainParseError(parseError(2, "'+', '-', '()', 'ACTOR'", 'NEWLINE'), source).hint,
    ).toBe('Line 2: An arrow needs a participant at each end, like `Alice->>Bob: Hello`.');
  });

  it('names the arrows mermaid knows after an arrow typo', () => {
    const known =
      'This arrow is not one mermaid knows: use `->>` (solid), `-->>` (dotted), `->`, `-->`, `-x`, `--x`, `-)` or `--)`.';
    // `Alice=>Bob: x`, `Alice-->>>Bob: x` and `Alice-Bob: x`.
    const typos = [
      parseError(2, `'NEWLINE', ',', '()', ${ARROWS}, 'TXT'`, 'INVALID'),
      parseError(2, "'+', '-', '()', 'ACTOR'", 'INVALID'),
      parseError(2, `'()', ${ARROWS}`, 'TXT'),
    ];
    for (const message of typos) {
      expect(explainParseError(message, 'sequenceDiagram\n    Alice=>Bob: x').hint).toBe(
        `Line 2: ${known}`,
      );
    }
  });

  it('asks for an arrow and text after a name alone', () => {
    const source = 'sequenceDiagram\n    User';
    expect(explainParseError(parseError(2, `'()', ${ARROWS}`, 'NEWLINE'), source).hint).toBe(
      'Line 2: A message needs an arrow and its text, like `User->>Bob: Hello`.',
    );
  });

  it('names the block left open, and places the error where the text ends', () => {
    const source =
      'sequenceDiagram\n    Alice->>Bob: x\n    loop Every minute\n        Bob->>Alice: y\n';
    const hint = explainParseError(parseError(6, `${STATEMENTS}`, '1'), source);
    expect(hint).toEqual({
      line: 4,
      atEnd: true,
      placed: true,
      hint: 'Line 4: The `loop` block opened on line 3 is not closed: add `end` on a line of its own.',
    });
  });

  it('says an `end` without a block closes nothing', () => {
    const source = 'sequenceDiagram\n    Alice->>Bob: x\n    end';
    const message = parseError(3, STATEMENTS.replace("'end', ", ''), 'end');
    expect(explainParseError(message, source).hint).toBe(
      'Line 3: This `end` closes no block: remove it, or open a block (`loop`, `alt`, `opt`…) above it.',
    );
  });

  it('asks for the diagram kind when mermaid finds none', () => {
    const message =
      'No diagram type detected matching given configuration for text: Alice->>Bob: x';
    expect(explainParseError(message, 'Alice->>Bob: x').hint).toBe(
      'Line 1: Start with the kind of diagram on the first line, like `sequenceDiagram`.',
    );
  });

  it('keeps a readable sentence for errors it has no words for', () => {
    const lexical =
      'Lexical error on line 2. Unrecognized text.\n...eDiagramparticipant\n----------------------^';
    const { hint } = explainParseError(lexical, 'sequenceDiagram\n    participant');
    expect(hint).toBe('Line 2: Mermaid cannot read `participant`: check it for a typo.');
    expect(hint).not.toMatch(/Expecting|NEWLINE|TXT/);
    const odd = explainParseError(
      "Parse error on line 2:\nx\n-^\nExpecting 'FOO', got 'BAR'",
      'sequenceDiagram\n    ~~~',
    );
    expect(odd.hint).toBe('Line 2: Mermaid cannot read `~~~`: check it for a typo.');
  });
});

// Mermaid's errors for texts that parse but cannot be drawn: they name no line.
describe('explainParseError on errors that name no line', () => {
  const seq = (...lines: string[]) => ['sequenceDiagram', ...lines].join('\n');

  it('finds the deactivation of a participant that is not active', () => {
    const source = seq('    Alice->>John: Hello', '    activate John', '    deactivate J');
    expect(explainParseError('Trying to inactivate an inactive participant (J)', source)).toEqual({
      line: 4,
      atEnd: false,
      placed: true,
      hint: 'Line 4: J is not active here: add `activate J` above (or a `+` on a message to J), or remove this deactivation.',
    });
    const minus = seq('    Alice->>John: Hi', '    Alice->>-John: Bye');
    const byArrow = explainParseError(
      'Trying to inactivate an inactive participant (Alice)',
      minus,
    );
    expect([byArrow.line, byArrow.placed]).toEqual([3, true]);
  });

  it('finds a create without the message that makes the participant', () => {
    const source = seq(
      '    Alice->>Bob: Hi',
      '    create participant Carl',
      '    Bob->>Alice: Yes',
    );
    const message =
      'The created participant undefined does not have an associated creating message after its declaration. Please check the sequence diagram.';
    expect(explainParseError(message, source)).toEqual({
      line: 3,
      atEnd: false,
      placed: true,
      hint: 'Line 3: A participant made with `create` needs the message that makes it on the next line, like `Alice->>Carl: Hi`.',
    });
  });

  it('finds the activation of a participant nothing else names (mermaid crashes on it)', () => {
    const source = seq('    Alice->>John: Hello', '    activate J');
    const hint = explainParseError("Cannot read properties of undefined (reading 'x')", source);
    expect([hint.line, hint.placed]).toEqual([3, true]);
    expect(hint.hint).toBe(
      'Line 3: J is not in the diagram: activate a participant that sends or receives a message, or declare it with `participant J`.',
    );
  });

  it('names no line for an error it cannot place, and no JavaScript either', () => {
    const crash = explainParseError(
      "Cannot read properties of undefined (reading 'x')",
      seq('    Alice->>John: Hello'),
    );
    expect(crash).toEqual({
      line: 1,
      atEnd: false,
      placed: false,
      hint: 'Mermaid could not draw this diagram: check the last change for a typo.',
    });
    const said = explainParseError('It is not possible to have actors with the same id', seq());
    expect(said.hint).toBe(
      'Mermaid could not draw this diagram: It is not possible to have actors with the same id',
    );
    expect(said.placed).toBe(false);
  });

  it('places the error of a text with no diagram type on its first line', () => {
    const hint = explainParseError('No diagram type detected matching given configuration', 'x');
    expect([hint.line, hint.placed]).toEqual([1, true]);
  });
});
