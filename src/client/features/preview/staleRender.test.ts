import { describe, expect, it } from 'vitest';
import {
  shouldReplaceBusyFrame,
  SLOW_RENDER_MS,
  SLOW_RENDER_QUIET_MS,
  typingHoldMs,
} from './staleRender';

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

describe('typingHoldMs', () => {
  it('sends text at once while drawings are quick, or before any was measured', () => {
    expect(typingHoldMs(null)).toBe(0);
    expect(typingHoldMs(20)).toBe(0);
    expect(typingHoldMs(SLOW_RENDER_MS)).toBe(0);
  });

  it('holds text for a slow diagram until typing pauses for half its drawing time, bounded', () => {
    expect(typingHoldMs(SLOW_RENDER_MS + 1)).toBe(SLOW_RENDER_QUIET_MS.min);
    expect(typingHoldMs(450)).toBe(225);
    expect(typingHoldMs(2_000)).toBe(SLOW_RENDER_QUIET_MS.max);
  });
});
