import { describe, expect, it } from 'vitest';
import { labelKey, rewriteLabel, type LabelEditRequest } from './labelRewrite';

function edit(source: string, request: Partial<LabelEditRequest> & { text: string }): string {
  const result = rewriteLabel(source, {
    kind: 'message',
    occurrence: 0,
    elementId: null,
    replacement: 'NEW',
    ...request,
  });
  if (!result.ok) throw new Error(result.reason);
  return source.slice(0, result.from) + result.insert + source.slice(result.to);
}

const SEQ = `sequenceDiagram
    participant A as Alice
    participant Bob
    A->>Bob: OK
    Note right of Bob: OK
    Bob-->>A: OK
    loop Every minute
        A-)Bob: ping
    end`;

describe('sequence diagrams', () => {
  it('rewrites only the n-th message with the same text', () => {
    expect(edit(SEQ, { text: 'OK', occurrence: 1 })).toBe(SEQ.replace('A: OK', 'A: NEW'));
    expect(edit(SEQ, { text: 'OK', occurrence: 0 })).toBe(SEQ.replace('Bob: OK', 'Bob: NEW'));
  });

  it('counts notes apart from messages', () => {
    expect(edit(SEQ, { kind: 'note', text: 'OK' })).toBe(
      SEQ.replace('Note right of Bob: OK', 'Note right of Bob: NEW'),
    );
  });

  it("rewrites a participant's alias, or adds one to keep the id", () => {
    expect(edit(SEQ, { kind: 'actor', text: 'Alice', elementId: 'A' })).toBe(
      SEQ.replace('A as Alice', 'A as NEW'),
    );
    expect(edit(SEQ, { kind: 'actor', text: 'Bob', elementId: 'Bob' })).toBe(
      SEQ.replace('participant Bob', 'participant Bob as NEW'),
    );
  });

  it('rewrites a block label', () => {
    expect(edit(SEQ, { kind: 'block', text: 'Every minute' })).toBe(
      SEQ.replace('loop Every minute', 'loop NEW'),
    );
  });

  it('encodes characters that would end or comment out the statement', () => {
    const result = edit(SEQ, { text: 'ping', replacement: 'a: b; c #1 "q"' });
    expect(result).toContain('A-)Bob: a: b#59; c #35;1 "q"');
  });

  it('matches labels written with entities, colons and <br/>', () => {
    const source = 'sequenceDiagram\n    A->>B: x: 1#59; 2 #35;3<br/>next\n    A->>B: y';
    expect(edit(source, { text: 'x: 1; 2 #3\nnext', replacement: 'z' })).toBe(
      'sequenceDiagram\n    A->>B: z\n    A->>B: y',
    );
  });

  it('writes newlines as <br/>', () => {
    expect(edit(SEQ, { text: 'ping', replacement: 'one\ntwo' })).toContain('A-)Bob: one<br/>two');
  });

  it('leaves the source unchanged with a reason when nothing matches', () => {
    const result = rewriteLabel(SEQ, {
      kind: 'message',
      text: 'missing',
      occurrence: 0,
      elementId: null,
      replacement: 'x',
    });
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('"missing"') });
    const third = rewriteLabel(SEQ, {
      kind: 'message',
      text: 'OK',
      occurrence: 2,
      elementId: null,
      replacement: 'x',
    });
    expect(third.ok).toBe(false);
  });
});

const FLOW = `flowchart TD
    A[Start] --> B{Is it working?}
    B -->|Yes| C(Ship it)
    B -- No --> D["Debug (again)"]
    D --> B`;

describe('flowcharts', () => {
  it('rewrites node text in [], () and {} shapes by node id', () => {
    expect(edit(FLOW, { kind: 'node', text: 'Start', elementId: 'A' })).toContain('A[NEW]');
    expect(edit(FLOW, { kind: 'node', text: 'Ship it', elementId: 'C' })).toContain('C(NEW)');
    expect(edit(FLOW, { kind: 'node', text: 'Is it working?', elementId: 'B' })).toContain(
      'B{NEW}',
    );
  });

  it('keeps quotes and quotes text with shape characters', () => {
    expect(edit(FLOW, { kind: 'node', text: 'Debug (again)', elementId: 'D' })).toContain(
      'D["NEW"]',
    );
    expect(
      edit(FLOW, { kind: 'node', text: 'Start', elementId: 'A', replacement: 'a [b] "c"' }),
    ).toContain('A["a [b] #quot;c#quot;"]');
  });

  it('rewrites edge labels in pipes and inline', () => {
    expect(edit(FLOW, { kind: 'edge', text: 'Yes' })).toContain('B -->|NEW| C(Ship it)');
    expect(edit(FLOW, { kind: 'edge', text: 'No' })).toContain('B -- NEW --> D');
  });
});

describe('other diagrams', () => {
  it('rewrites the n-th plain occurrence', () => {
    const source = 'classDiagram\n    Animal <|-- Duck\n    Animal <|-- Fish';
    expect(edit(source, { kind: 'text', text: 'Animal', occurrence: 1 })).toBe(
      'classDiagram\n    Animal <|-- Duck\n    NEW <|-- Fish',
    );
  });
});

describe('labelKey', () => {
  it('reads source and drawing alike', () => {
    expect(labelKey('"a<br/>b #quot;c#quot;"')).toBe('a b "c"');
    expect(labelKey('a\n  b')).toBe('a b');
  });
});
