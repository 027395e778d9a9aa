/**
 * The drawing's side of the link with the text: a single click on a message, note, participant
 * or block title names its source line to the parent (a double-click still edits the label),
 * and the element drawn from the editor's cursor line is highlighted and scrolled into view.
 */
import { sourceLines, type SourceLines } from './sourceLines';
import type { Viewport } from './viewport';

export const HIGHLIGHT_CLASS = 'lifeline-highlight';
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

  const show = (scroll: boolean) => {
    for (const old of stage.querySelectorAll(`.${HIGHLIGHT_CLASS}`)) {
      old.classList.remove(HIGHLIGHT_CLASS);
    }
    if (highlighted === null) return;
    const elements = linesNow()?.elementsOf(highlighted) ?? [];
    for (const element of elements) element.classList.add(HIGHLIGHT_CLASS);
    const first = elements[0];
    if (!scroll || !first) return;
    const box = first.getBoundingClientRect();
    const { clientWidth: width, clientHeight: height } = stage;
    const outside =
      box.right < MARGIN_PX ||
      box.left > width - MARGIN_PX ||
      box.bottom < MARGIN_PX ||
      box.top > height - MARGIN_PX;
    if (outside) {
      view.panBy(width / 2 - (box.left + box.width / 2), height / 2 - (box.top + box.height / 2));
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
