import { Text } from '@codemirror/state';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commonEnds } from '@/diagram/textDiff';
import { textChange } from './textChange';

describe('textChange', () => {
  it('turns one text into the other', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const change = textChange(before, after);
        expect(change.apply(Text.of(before.split('\n'))).toString()).toBe(after);
      }),
    );
  });

  it('keeps a caret before the change, and moves one after it by what changed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(), (before, after, seed) => {
        const at = seed % (before.length + 1);
        const { start, end } = commonEnds(before, after);
        const mapped = textChange(before, after).mapPos(at);
        expect(mapped).toBeGreaterThanOrEqual(0);
        expect(mapped).toBeLessThanOrEqual(after.length);
        if (at <= start) expect(mapped).toBe(at);
        else if (at >= before.length - end) expect(mapped).toBe(at + after.length - before.length);
      }),
    );
  });

  it('carries a caret after typed text put back into a copy with an edit before it', () => {
    const typed = 'sequenceDiagram\n    A->>B: hi there';
    const merged = '%% a note\nsequenceDiagram\n    A->>B: hi there';
    expect(textChange(typed, merged).mapPos(typed.length)).toBe(merged.length);
  });
});
