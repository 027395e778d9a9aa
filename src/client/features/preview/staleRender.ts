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
 * time, within these bounds. Keys come 100–200 ms apart while someone types, and a pause shorter
 * than the bound would start a drawing that the next key makes stale.
 */
export const SLOW_RENDER_QUIET_MS = { min: 150, max: 300 } as const;

/** How long to hold the newest text before sending it to the frame (0: send it now). */
export function typingHoldMs(lastRenderMs: number | null): number {
  if (lastRenderMs === null || lastRenderMs <= SLOW_RENDER_MS) return 0;
  return Math.min(SLOW_RENDER_QUIET_MS.max, Math.max(SLOW_RENDER_QUIET_MS.min, lastRenderMs / 2));
}
