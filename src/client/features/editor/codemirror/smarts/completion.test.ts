import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { diagramCompletion, takingChangesNothing } from './completion';

/** The labels offered with the cursor at `¦` in `text`, and what they would replace. */
function offered(text: string, explicit = false) {
  const pos = text.indexOf('¦');
  const state = EditorState.create({ doc: text.replace('¦', '') });
  const result = diagramCompletion(new CompletionContext(state, pos, explicit));
  if (!result) return null;
  return {
    labels: result.options.map((option) => option.label),
    replaces: state.sliceDoc(result.from, pos),
  };
}

const SEQ =
  'sequenceDiagram\n  participant Bob\n  Alice->>Bob: a\n  Bob->>Alice: b\n  Alice->>Bob: c\n';

describe('diagramCompletion', () => {
  it('offers participants, most used first, after an arrow and in notes and activations', () => {
    expect(offered(`${SEQ}  Alice->>¦`, true)?.labels).toEqual(['Bob', 'Alice']);
    expect(offered(`${SEQ}  Alice-->>+B¦`)).toEqual({ labels: ['Bob', 'Alice'], replaces: 'B' });
    expect(offered(`${SEQ}  Note over Alice, ¦`, true)?.labels).toEqual(['Bob', 'Alice']);
    expect(offered(`${SEQ}  deactivate B¦`)?.labels).toEqual(['Bob', 'Alice']);
  });

  it("puts the message's own sender last after its arrow", () => {
    expect(offered(`${SEQ}  Bob->>¦`, true)?.labels).toEqual(['Alice', 'Bob']);
    expect(offered(`${SEQ}  Bob-->>+A¦`)).toEqual({ labels: ['Alice', 'Bob'], replaces: 'A' });
  });

  it('offers keywords and participants at a line start', () => {
    const result = offered(`${SEQ}  lo¦`);
    expect(result?.labels).toContain('loop');
    expect(result?.labels).toContain('Alice');
    expect(result?.replaces).toBe('lo');
  });

  it('offers the arrow kinds after a name, replacing what is typed of one', () => {
    expect(offered(`${SEQ}  Alice -¦`)).toMatchObject({ replaces: '-' });
    expect(offered(`${SEQ}  Alice ¦`)?.labels.slice(0, 2)).toEqual(['->>', '-->>']);
    expect(offered(`${SEQ}  loop ¦`)).toBeNull();
  });

  it('offers participants after style and class, and class names after the list', () => {
    const styled = `${SEQ}  classDef external fill:#fef3c7\n  classDef internal fill:#e0e7ff\n`;
    expect(offered(`${styled}  style ¦`, true)?.labels).toEqual(['Bob', 'Alice']);
    expect(offered(`${styled}  style A¦`)).toEqual({ labels: ['Bob', 'Alice'], replaces: 'A' });
    expect(offered(`${styled}  class Bob, ¦`, true)?.labels).toEqual(['Bob', 'Alice']);
    expect(offered(`${styled}  class Bob,Alice ¦`, true)?.labels).toEqual(['external', 'internal']);
    expect(offered(`${styled}  class Bob ex¦`)).toEqual({
      labels: ['external', 'internal'],
      replaces: 'ex',
    });
    expect(offered(`${styled}  style Bob ¦`, true)).toBeNull();
    expect(offered(`${styled}  linkStyle ¦`, true)).toBeNull();
  });

  it('offers the styling keywords at a line start', () => {
    const labels = offered(`${SEQ}  cl¦`)?.labels ?? [];
    expect(labels).toEqual(expect.arrayContaining(['classDef', 'class', 'style', 'linkStyle']));
  });

  it('offers node ids in flowcharts and class names in class diagrams', () => {
    expect(offered('flowchart LR\n  Start --> Stop\n  Start --> S¦')?.labels).toEqual([
      'Start',
      'Stop',
    ]);
    expect(offered('classDiagram\n  Animal <|-- Duck\n  D¦')?.labels).toEqual(['Animal', 'Duck']);
  });

  it('stops offering a list once the word typed is one of its options', () => {
    const stillValid = (text: string, typed: string) => {
      const pos = text.indexOf('¦');
      const state = EditorState.create({ doc: text.replace('¦', '') });
      const result = diagramCompletion(new CompletionContext(state, pos, false));
      const validFor = result?.validFor;
      if (typeof validFor !== 'function') throw new Error('expected a validFor function');
      return validFor(typed, result!.from, pos, state);
    };
    const styled = `${SEQ}  classDef external fill:#fef3c7\n`;
    // Typed on from `B`: the list of names stays while the word is part of a name…
    expect(stillValid(`${SEQ}  deactivate B¦`, 'Bo')).toBe(true);
    // …and is asked again once the word is a whole name, which then is not offered.
    expect(stillValid(`${SEQ}  deactivate B¦`, 'Bob')).toBe(false);
    expect(offered(`${SEQ}  deactivate Bob¦`)?.labels).toEqual(['Alice']);
    expect(stillValid(`${styled}  class Bob e¦`, 'external')).toBe(false);
    expect(offered(`${SEQ}  en¦`)?.labels).toContain('end');
    expect(offered(`${SEQ}  end¦`)?.labels ?? []).not.toContain('end');
  });
});

describe('takingChangesNothing', () => {
  const at = (text: string) => {
    const pos = text.indexOf('¦');
    return EditorState.create({
      doc: text.replace('¦', ''),
      selection: { anchor: pos },
    });
  };
  it.each([
    ['  activate Api¦', 'Api', true],
    ['  Note over Api¦', 'Api', true],
    ['  Api->>Stripe¦', 'Stripe', true],
    ['  Stripe-->>Api¦', 'Api', true],
    ['  class Stripe external¦', 'external', true],
    ['  Alice ->>¦', '->>', true],
    ['  activate Ap¦', 'Api', false],
    ['  activate MyApi¦', 'Api', false],
    ['  Alice -->>¦', '->>', false],
    ['  Alice --¦', '--x', false],
  ])('%s with %s: %s', (text, label, expected) => {
    expect(takingChangesNothing(at(text), { label })).toBe(expected);
  });
});
