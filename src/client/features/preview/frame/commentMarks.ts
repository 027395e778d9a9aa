/**
 * Marks in the drawing for open comment threads: a dot beside what each commented line drew (a
 * message, note, participant or block title). The dots lie over the drawing, beside the SVG as
 * the highlight box does, so the drawing itself (and what Export takes of it) is unchanged, and
 * they pan and zoom with it.
 */
import { boundsOf } from './bounds';
import { sourceLines } from './sourceLines';

export const COMMENT_MARK_CLASS = 'lifeline-comment-mark';
const DOT_PX = 10;
const GAP_PX = 4;

export interface CommentMarks {
  /** A new drawing of `text` is on screen. */
  drawn(text: string): void;
  /** The lines (1-based) to mark. */
  set(lines: readonly number[]): void;
}

export function installCommentMarks(currentSvg: () => SVGSVGElement | null): CommentMarks {
  let text = '';
  let lines: readonly number[] = [];
  const dots: HTMLElement[] = [];
  // The drawing may still change size once shown (fonts settling, the canvas laid out): the
  // marks are placed again whenever it does.
  let observed: SVGSVGElement | null = null;
  const resized = new ResizeObserver(() => place());

  function place() {
    for (const dot of dots.splice(0)) dot.remove();
    const svg = currentSvg();
    if (svg !== observed) {
      resized.disconnect();
      observed = svg;
      if (svg) resized.observe(svg);
    }
    const canvas = svg?.parentElement;
    if (!svg || !canvas || lines.length === 0 || !text) return;
    const origin = canvas.getBoundingClientRect();
    const zoom = canvas.offsetWidth > 0 ? origin.width / canvas.offsetWidth : 0;
    if (!(zoom > 0)) return;
    const drawnFrom = sourceLines(svg, text);
    for (const line of lines) {
      // The first element drawn from the line is its own (a message's, a note's, a block's
      // title); a message's line also names its participants, whose boxes come after.
      const [first] = drawnFrom.elementsOf(line);
      if (!first) continue;
      const bounds = boundsOf([first]);
      const dot = document.createElement('div');
      dot.className = COMMENT_MARK_CLASS;
      dot.dataset.line = String(line);
      dot.setAttribute('aria-hidden', 'true');
      Object.assign(dot.style, {
        position: 'absolute',
        left: `${(bounds.right - origin.left) / zoom + GAP_PX}px`,
        top: `${(bounds.top + bounds.height / 2 - origin.top) / zoom - DOT_PX / 2}px`,
        width: `${DOT_PX}px`,
        height: `${DOT_PX}px`,
        borderRadius: '50%',
        background: '#6366f1',
        boxShadow: '0 0 0 2px #ffffff',
        pointerEvents: 'none',
      });
      canvas.append(dot);
      dots.push(dot);
    }
  }

  return {
    drawn(next) {
      text = next;
      place();
    },
    set(next) {
      lines = next;
      place();
    },
  };
}
