import { CompletionContext } from '@codemirror/autocomplete';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { diagramCompletion } from './completion';

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
});
