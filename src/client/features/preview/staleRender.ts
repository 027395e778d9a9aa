/**
 * When newer text arrives while the render frame is still drawing older text, waiting for that
 * stale drawing wastes the rest of its time. The frame's script cannot be interrupted, and
 * Chromium runs every sandboxed frame of one site in one process (one main thread), so a second,
 * standby frame would wait for the same stale render. Removing the busy frame does free it: a
 * frame created after the removal gets a fresh process. So once new text stops coming, the
 * engine replaces the frame when loading a new one is expected to end sooner than the stale
 * render.
 */

/**
 * How long new text must stop coming before a busy frame is replaced. While someone types, each
 * key brings newer text: replacing on every key would load a new frame (a process, and mermaid)
 * per key and draw nothing until typing stopped. Meanwhile the frame keeps drawing the newest
 * text it holds.
 */
export const REPLACE_AFTER_QUIET_MS = 250;

/** Until a frame load has been measured: about what loading the frame and mermaid costs. */
export const DEFAULT_FRAME_LOAD_MS = 400;

export interface StaleRenderFacts {
  /** How long the render in flight has been running (ms). */
  elapsedMs: number;
  /** How long the last drawing took (ms), or null before the first one. */
  lastRenderMs: number | null;
  /** What loading a new frame (document and mermaid, ready to draw) cost last time (ms). */
  frameLoadMs: number;
}

/** True when a fresh frame would start drawing the newer text before the stale one is done. */
export function shouldReplaceBusyFrame({
  elapsedMs,
  lastRenderMs,
  frameLoadMs,
}: StaleRenderFacts): boolean {
  if (lastRenderMs === null) return false;
  return lastRenderMs - elapsedMs > frameLoadMs;
}

/**
 * A diagram whose last drawing took longer than this is not redrawn on every key while someone
 * types. On two cores each of its drawings took the CPU the editor needed to show the keys
 * (bench:typing: keystroke → paint p95 over 150 ms while a 600-message diagram was redrawn back to
 * back), and each one was stale before it was shown.
 */
export const SLOW_RENDER_MS = 150;

/**
 * How long text must stop coming before a slow diagram is drawn again: half its last drawing's
 * time, within these bounds, or less once the typist's own pace says they stopped (see
 * TYPING_PAUSE_FACTOR). The lower bound keeps a drawing from starting between two quick keys.
 */
export const SLOW_RENDER_QUIET_MS = { min: 100, max: 300 } as const;

/**
 * A pause this many times the longest of the typist's recent gaps between keys means they
 * stopped: someone whose keys came at most 120 ms apart has stopped after 138 ms, and holding a
 * slow diagram any longer only delays it. Someone who hesitates now and then is held longer, so
 * a hesitation does not start a drawing the next key makes stale.
 */
export const TYPING_PAUSE_FACTOR = 1.15;

/** Gaps between edits longer than this are pauses, not typing, and say nothing of its pace. */
export const TYPING_GAP_MAX_MS = 1_000;

/**
 * A change of more characters than this is not a keystroke but a paste, an opened diagram or a
 * template: no key follows it soon, so it is drawn at once, however slow the last drawing was.
 */
export const TYPED_CHANGE_MAX_CHARS = 16;

/** How many recent gaps between edits the typing pace is read from. */
const TYPING_GAPS_KEPT = 8;

/** The typist's pace: the longest of the recent gaps between edits (ms), or null before two. */
export class TypingPace {
  private last: number | null = null;
  private readonly gaps: number[] = [];

  /** An edit arrived at `now` (ms). */
  edit(now: number): void {
    const gap = this.last === null ? null : now - this.last;
    this.last = now;
    if (gap === null || gap <= 0 || gap > TYPING_GAP_MAX_MS) return;
    this.gaps.push(gap);
    if (this.gaps.length > TYPING_GAPS_KEPT) this.gaps.shift();
  }

  longestGapMs(): number | null {
    return this.gaps.length === 0 ? null : Math.max(...this.gaps);
  }
}

/**
 * How long to hold the newest text before sending it to the frame (0: send it now): half the
 * last drawing's time, or less once the pause outlasts the typist's longest recent gap between
 * keys (`typingGapMs`, see TypingPace) by TYPING_PAUSE_FACTOR; within SLOW_RENDER_QUIET_MS. Text
 * that changed by more than TYPED_CHANGE_MAX_CHARS (`changedChars`) is not held.
 */
export function typingHoldMs(
  lastRenderMs: number | null,
  typingGapMs: number | null = null,
  changedChars = 1,
): number {
  if (lastRenderMs === null || lastRenderMs <= SLOW_RENDER_MS) return 0;
  if (changedChars > TYPED_CHANGE_MAX_CHARS) return 0;
  const pause =
    typingGapMs === null
      ? lastRenderMs / 2
      : Math.min(lastRenderMs / 2, typingGapMs * TYPING_PAUSE_FACTOR);
  return Math.min(SLOW_RENDER_QUIET_MS.max, Math.max(SLOW_RENDER_QUIET_MS.min, pause));
}
