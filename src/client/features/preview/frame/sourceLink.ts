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
/** Room kept between an element brought into view and the frame's sides. */
const MARGIN_PX = 16;
/** The hint sits over the frame's bottom left: an element brought into view is placed clear of it. */
const HINT_CLEARANCE_PX = 40;

export interface DrawingLink {
  /** A new drawing of `text` is on screen. */
  drawn(text: string): void;
  /** Highlights `line`'s element; `follow` (the person's own move) also brings it into view. */
  highlight(line: number | null, follow: boolean): void;
}

/**
 * The smallest move along one axis that brings [start, end] inside [min, max]; an element
 * larger than the room shows its start.
 */
export function smallestMove(start: number, end: number, min: number, max: number): number {
  if (end - start > max - min || start < min) return min - start;
  if (end > max) return max - end;
  return 0;
}

/**
 * Glides the view by the smallest move that shows `elements` whole, `room` pixels clear of the
 * stage's top, bottom and sides.
 */
export function glideIntoView(
  stage: HTMLElement,
  view: Viewport,
  elements: Element[],
  room: { top: number; bottom: number; side: number },
): void {
  view.flush();
  const at = boundsOf(elements);
  const { clientWidth: width, clientHeight: height } = stage;
  const dx = smallestMove(at.left, at.right, room.side, width - room.side);
  const dy = smallestMove(at.top, at.bottom, room.top, height - room.bottom);
  view.glideBy(dx, dy);
}

export function installDrawingLink(
  stage: HTMLElement,
  currentSvg: () => SVGSVGElement | null,
  view: Viewport,
  select: (line: number) => void,
  /** How much of the frame's top the pinned headers cover now. */
  coveredTop: () => number,
): DrawingLink {
  let text = '';
  let lines: SourceLines | null = null;
  let highlighted: number | null = null;
  /** The person's own move asked for the line's element, and it is not drawn yet. */
  let followPending = false;
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
    // The scale on screen, read with the bounds: the box is in the canvas's own units.
    const zoom = canvas.offsetWidth > 0 ? origin.width / canvas.offsetWidth : 0;
    if (!(zoom > 0)) {
      box.remove();
      return;
    }
    Object.assign(box.style, {
      left: `${(bounds.left - origin.left) / zoom - BOX_PADDING_PX}px`,
      top: `${(bounds.top - origin.top) / zoom - BOX_PADDING_PX}px`,
      width: `${bounds.width / zoom + 2 * BOX_PADDING_PX}px`,
      height: `${bounds.height / zoom + 2 * BOX_PADDING_PX}px`,
    });
    if (box.parentElement !== canvas) canvas.append(box);
  };

  /**
   * Highlights the line's elements; with `follow`, glides the view by the smallest move that
   * shows them whole, clear of the pinned headers and the hint. An element not
   * drawn yet (the line is mid-edit) is brought into view once a drawing has it.
   */
  const show = (follow: boolean) => {
    for (const old of stage.querySelectorAll(`.${HIGHLIGHT_CLASS}`)) {
      old.classList.remove(HIGHLIGHT_CLASS);
    }
    const elements = highlighted === null ? [] : (linesNow()?.elementsOf(highlighted) ?? []);
    for (const element of elements) element.classList.add(HIGHLIGHT_CLASS);
    // Measured against the view the viewport holds, not one still waiting to be written.
    view.flush();
    place(elements);
    if (!follow) return;
    if (elements.length === 0) {
      followPending = highlighted !== null;
      return;
    }
    followPending = false;
    glideIntoView(stage, view, elements, {
      top: coveredTop() + MARGIN_PX,
      bottom: HINT_CLEARANCE_PX,
      side: MARGIN_PX,
    });
  };

  return {
    drawn(next) {
      text = next;
      lines = null;
      show(followPending);
    },
    highlight(line, follow) {
      if (line === highlighted && !follow) return;
      highlighted = line;
      show(follow);
    },
  };
}
