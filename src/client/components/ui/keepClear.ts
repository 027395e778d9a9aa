/**
 * Bars along the bottom of the screen that toasts and corner cards must not cover: the preview's
 * status line (read while typing: "rendered in …", the error) and the phone's Code/Diagram tabs.
 * A bar marks itself with KEEP_CLEAR; an overlay asks how far up from the window's bottom the
 * visible ones reach, and sits above that.
 */
export const KEEP_CLEAR = { 'data-keep-clear': '' } as const;

/** Pixels from the window's bottom edge up to the top of the highest visible bar (0 if none). */
export function keepClearBottom(): number {
  let reach = 0;
  for (const bar of document.querySelectorAll<HTMLElement>('[data-keep-clear]')) {
    // Not in an inactive phone tab, nor hidden otherwise.
    if (!bar.checkVisibility({ visibilityProperty: true })) continue;
    const { top, height } = bar.getBoundingClientRect();
    if (height === 0) continue;
    reach = Math.max(reach, window.innerHeight - top);
  }
  return Math.max(0, Math.round(reach));
}
