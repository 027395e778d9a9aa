import { describe, expect, it } from 'vitest';
import {
  shouldReplaceBusyFrame,
  SLOW_RENDER_MS,
  SLOW_RENDER_QUIET_MS,
  TYPING_GAP_MAX_MS,
  TYPING_PAUSE_FACTOR,
  TYPED_CHANGE_MAX_CHARS,
  typingHoldMs,
  TypingPace,
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

  it("holds only until the pause outlasts the typist's longest recent gap between keys", () => {
    expect(typingHoldMs(900, 120)).toBe(120 * TYPING_PAUSE_FACTOR);
    // Never shorter than the lower bound, never longer than half the drawing's time.
    expect(typingHoldMs(900, 40)).toBe(SLOW_RENDER_QUIET_MS.min);
    expect(typingHoldMs(400, 250)).toBe(200);
    expect(typingHoldMs(2_000, 600)).toBe(SLOW_RENDER_QUIET_MS.max);
  });

  it('sends a paste or a newly opened diagram at once', () => {
    expect(typingHoldMs(900, 120, TYPED_CHANGE_MAX_CHARS)).toBe(120 * TYPING_PAUSE_FACTOR);
    expect(typingHoldMs(900, 120, TYPED_CHANGE_MAX_CHARS + 1)).toBe(0);
    expect(typingHoldMs(2_000, null, 34_000)).toBe(0);
  });
});

describe('TypingPace', () => {
  it('reads the longest of the recent gaps between edits', () => {
    const pace = new TypingPace();
    expect(pace.longestGapMs()).toBeNull();
    pace.edit(1_000);
    expect(pace.longestGapMs()).toBeNull();
    for (const at of [1_120, 1_230, 1_400, 1_520]) pace.edit(at);
    expect(pace.longestGapMs()).toBe(170);
  });

  it('leaves pauses out of the pace, and forgets a hesitation once enough keys follow', () => {
    const pace = new TypingPace();
    pace.edit(0);
    pace.edit(100);
    pace.edit(100 + TYPING_GAP_MAX_MS + 1);
    expect(pace.longestGapMs()).toBe(100);
    let at = 10_000;
    pace.edit(at);
    pace.edit((at += 400));
    for (let i = 0; i < 7; i++) pace.edit((at += 120));
    expect(pace.longestGapMs()).toBe(400);
    pace.edit(at + 120);
    expect(pace.longestGapMs()).toBe(120);
  });
});
