import { describe, expect, it } from 'vitest';
import { shouldReplaceBusyFrame } from './staleRender';

describe('shouldReplaceBusyFrame', () => {
  it('replaces the frame when a new one would start the newer text before the stale render ends', () => {
    expect(shouldReplaceBusyFrame({ elapsedMs: 100, lastRenderMs: 900, frameLoadMs: 300 })).toBe(
      true,
    );
  });

  it('waits when the stale render ends first: short renders, or a long one nearly done', () => {
    expect(shouldReplaceBusyFrame({ elapsedMs: 5, lastRenderMs: 20, frameLoadMs: 300 })).toBe(
      false,
    );
    expect(shouldReplaceBusyFrame({ elapsedMs: 700, lastRenderMs: 900, frameLoadMs: 300 })).toBe(
      false,
    );
  });

  it('waits before any render was measured', () => {
    expect(shouldReplaceBusyFrame({ elapsedMs: 0, lastRenderMs: null, frameLoadMs: 0 })).toBe(
      false,
    );
  });
});
