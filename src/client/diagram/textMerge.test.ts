import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeTexts } from './textMerge';

const base = 'sequenceDiagram\n    A->>B: one\n    B->>C: two\n    C->>A: three\n';

describe('mergeTexts', () => {
  it('keeps an edit made here and one made elsewhere at the same time', () => {
    const theirs = `${base}    A->>C: four\n`;
    const ours = base.replace('one', 'first');
    expect(mergeTexts(base, theirs, ours)).toBe(
      'sequenceDiagram\n    A->>B: first\n    B->>C: two\n    C->>A: three\n    A->>C: four\n',
    );
  });

  it('a line both deleted is gone once; a line only they deleted stays deleted', () => {
    const theirs = base.replace('    B->>C: two\n', '').replace('    C->>A: three\n', '');
    const ours = base.replace('    B->>C: two\n', '');
    expect(mergeTexts(base, theirs, ours)).toBe('sequenceDiagram\n    A->>B: one\n');
  });

  it('with one side unchanged, the answer is the other side exactly', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '\n', ' ', '>'), maxLength: 30 });
    fc.assert(
      fc.property(text, text, (start, changed) => {
        expect(mergeTexts(start, start, changed)).toBe(changed);
        expect(mergeTexts(start, changed, start)).toBe(changed);
      }),
    );
  });

  it('every line added on either side is in the merge, and no base line either side kept is lost', () => {
    const lines = base.trimEnd().split('\n');
    const side = fc.record({
      keep: fc.array(fc.boolean(), { minLength: lines.length, maxLength: lines.length }),
      add: fc.array(fc.nat({ max: lines.length }), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(side, side, (their, our) => {
        const write = (
          { keep, add }: { keep: boolean[]; add: number[] },
          who: string,
        ): { text: string; added: string[] } => {
          const out: string[] = [];
          const added: string[] = [];
          lines.forEach((line, index) => {
            add.forEach((at, n) => {
              if (at !== index) return;
              const fresh = `    ${who}->>${who}: added ${n}`;
              out.push(fresh);
              added.push(fresh);
            });
            if (keep[index]) out.push(line);
          });
          add.forEach((at, n) => {
            if (at !== lines.length) return;
            const fresh = `    ${who}->>${who}: added ${n}`;
            out.push(fresh);
            added.push(fresh);
          });
          return { text: `${out.join('\n')}\n`, added };
        };
        const theirs = write(their, 'T');
        const ours = write(our, 'O');
        const merged = mergeTexts(base, theirs.text, ours.text).split('\n');
        for (const line of [...theirs.added, ...ours.added]) expect(merged).toContain(line);
        lines.forEach((line, index) => {
          const keptByBoth = (their.keep[index] ?? false) && (our.keep[index] ?? false);
          if (keptByBoth) expect(merged).toContain(line);
          else expect(merged).not.toContain(line);
        });
      }),
      { numRuns: 300 },
    );
  });
});
