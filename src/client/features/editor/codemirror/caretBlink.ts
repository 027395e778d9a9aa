import { drawSelection, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { Extension } from '@codemirror/state';

/** Half of the caret's blink: shown this long, then hidden this long (CodeMirror's 1.2 s period). */
const CARET_BLINK_HALF_MS = 600;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The caret blinks by a timer, not by CodeMirror's CSS animation. An infinite CSS animation keeps
 * the browser's compositor producing a frame at every display tick for as long as the editor has
 * focus, even with nothing else on the page moving: an idle editor cost about 4 % of a core
 * (renderer and GPU process, headless Chromium). Two style changes every 1.2 s cost next to
 * nothing. As in CodeMirror, the caret shows at once and starts its blink anew whenever the
 * selection, the text or the focus changes; it stays still and shown when the person asks for
 * reduced motion, and the timer runs only while the editor has focus.
 */
const timerBlink = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setInterval> | undefined;
    private shown = true;

    constructor(private readonly view: EditorView) {
      this.restart();
    }

    update(update: ViewUpdate): void {
      if (update.selectionSet || update.docChanged || update.focusChanged) this.restart();
    }

    destroy(): void {
      clearInterval(this.timer);
    }

    private restart(): void {
      clearInterval(this.timer);
      this.timer = undefined;
      this.show(true);
      if (!this.view.hasFocus || window.matchMedia(REDUCED_MOTION).matches) return;
      this.timer = setInterval(() => this.show(!this.shown), CARET_BLINK_HALF_MS);
    }

    private show(shown: boolean): void {
      this.shown = shown;
      const layer = this.view.scrollDOM.querySelector<HTMLElement>(':scope > .cm-cursorLayer');
      if (layer) layer.style.opacity = shown ? '' : '0';
    }
  },
);

/**
 * CodeMirror's drawn selection and caret, with the caret's CSS animation off (a blink rate of 0:
 * CodeMirror sets a duration of 0 ms, so the animation it restarts on every selection change never
 * runs) and the timer above blinking it instead.
 */
export function drawSelectionWithTimerBlink(): Extension {
  return [
    drawSelection({ cursorBlinkRate: 0 }),
    EditorView.theme({ '&.cm-focused > .cm-scroller > .cm-cursorLayer': { animation: 'none' } }),
    timerBlink,
  ];
}
