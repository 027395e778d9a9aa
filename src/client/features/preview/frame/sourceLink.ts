/**
 * The drawing's side of the link with the text: a single click on a message, note, participant
 * or block title names its source line to the parent (a double-click still edits the label),
 * and the element drawn from the editor's cursor line is highlighted and scrolled into view.
 */
import { boundsOf } from './bounds';
import { sourceLines, type SourceLines } from './sourceLines';
import type { Viewport } from './viewport';

/**
 * Marks what was drawn from the cursor's line (no style of its own: see HIGHLIGHT_BOX_CLASS).
 */
export const HIGHLIGHT_CLASS = 'lifeline-highlight';
/**
 * The highlight itself: a box laid over the drawing, beside the SVG rather than in it. Restyling
 * an element inside a 600-message SVG made the frame paint the whole drawing again (about 70 ms
 * on two cores per line the cursor crossed, taken from the editor's typing); moving the box
 * repaints the box.
 */
export const HIGHLIGHT_BOX_CLASS = 'lifeline-highlight-box';
const BOX_PADDING_PX = 4;
const CLICK_SLOP_PX = 3;
/** Room kept between a highlighted element scrolled into view and the frame's edge. */
const MARGIN_PX = 24;

export interface DrawingLink {
  /** A new drawing of `text` is on screen. */
  drawn(text: string): void;
  highlight(line: number | null): void;
}

export function installDrawingLink(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  view: Viewport,
  select: (line: number) => void,
): DrawingLink {
  let text = '';
  let lines: SourceLines | null = null;
  let highlighted: number | null = null;
  let pressed: { x: number; y: number } | null = null;

  const linesNow = () => {
    const svg = currentSvg();
    if (!svg) return null;
    lines ??= sourceLines(svg, text);
    return lines;
  };

  stage.addEventListener('pointerdown', (event) => {
    pressed = { x: event.clientX, y: event.clientY };
  });
  stage.addEventListener('click', (event) => {
    const moved = pressed ? Math.hypot(event.clientX - pressed.x, event.clientY - pressed.y) : 0;
    if (event.detail > 1 || moved > CLICK_SLOP_PX || !(event.target instanceof Element)) return;
    const line = linesNow()?.lineOf(event.target);
    if (line) select(line);
  });

  const box = document.createElement('div');
  box.className = HIGHLIGHT_BOX_CLASS;
  box.setAttribute('aria-hidden', 'true');

  /** Lays the box over `elements`, in the drawing's own coordinates (it pans and zooms with it). */
  const place = (elements: Element[]) => {
    const canvas = currentSvg()?.parentElement;
    if (!canvas || elements.length === 0) {
      box.remove();
      return;
    }
    const origin = canvas.getBoundingClientRect();
    const bounds = boundsOf(elements);
    const zoom = view.zoom;
    Object.assign(box.style, {
      left: `${(bounds.left - origin.left) / zoom - BOX_PADDING_PX}px`,
      top: `${(bounds.top - origin.top) / zoom - BOX_PADDING_PX}px`,
      width: `${bounds.width / zoom + 2 * BOX_PADDING_PX}px`,
      height: `${bounds.height / zoom + 2 * BOX_PADDING_PX}px`,
    });
    if (box.parentElement !== canvas) canvas.append(box);
  };

  const show = (scroll: boolean) => {
    for (const old of stage.querySelectorAll(`.${HIGHLIGHT_CLASS}`)) {
      old.classList.remove(HIGHLIGHT_CLASS);
    }
    const elements = highlighted === null ? [] : (linesNow()?.elementsOf(highlighted) ?? []);
    for (const element of elements) element.classList.add(HIGHLIGHT_CLASS);
    place(elements);
    const first = elements[0];
    if (!scroll || !first) return;
    const at = first.getBoundingClientRect();
    const { clientWidth: width, clientHeight: height } = stage;
    const outside =
      at.right < MARGIN_PX ||
      at.left > width - MARGIN_PX ||
      at.bottom < MARGIN_PX ||
      at.top > height - MARGIN_PX;
    if (outside) {
      view.panBy(width / 2 - (at.left + at.width / 2), height / 2 - (at.top + at.height / 2));
    }
  };

  return {
    drawn(next) {
      text = next;
      lines = null;
      show(false);
    },
    highlight(line) {
      if (line === highlighted) return;
      highlighted = line;
      show(true);
    },
  };
}
