/**
 * Puts a new drawing on screen. The drawing before it is changed into the new one in place
 * (morphdom) rather than replaced: typing changes a few of a long diagram's thousands of
 * elements, and Chromium then styles, lays out and paints again only what changed. Replacing the
 * whole SVG made the frame lay out and paint all of it again, about half a second on two cores
 * for a 600-message diagram.
 */
import morphdom from 'morphdom';
import { pinnedLayer } from './pinnedHeaders';
import { renameSvgMarkup } from './renameSvg';

const PINNED_KEY = 'lifeline-pinned-layer';

/**
 * Shows `markup` in `canvas`; `prepare` sets up the new SVG's own attributes (its size) before
 * it meets the one on screen, so an unchanged size leaves the SVG element itself untouched.
 */
export function showDrawing(
  canvas: HTMLElement,
  markup: string,
  prepare: (svg: SVGSVGElement) => void,
): SVGSVGElement | null {
  // The same HTML parser as innerHTML, into an inert template: no style, layout or paint yet.
  const template = document.createElement('template');
  template.innerHTML = renameSvgMarkup(markup);
  const next = template.content.firstElementChild;
  const current = canvas.querySelector(':scope > svg');
  if (!(next instanceof SVGSVGElement)) {
    canvas.replaceChildren(template.content);
    return null;
  }
  prepare(next);
  if (!current) {
    canvas.prepend(next);
    return next;
  }
  // The frame's own layer of pinned headers is not in mermaid's markup: it stays where it is
  // (buildPinnedHeaders then keeps it if it still matches the drawing).
  const pinned = pinnedLayer(current);
  const shown = morphdom(current, next, {
    // mermaid numbers some element ids per render, so ids do not say which elements match; the
    // order does. Only the pinned layer has a key, so no element of the drawing becomes it.
    getNodeKey: (node) => (node === pinned ? PINNED_KEY : undefined),
    onBeforeElUpdated: (from, to) => !from.isEqualNode(to),
    onBeforeNodeDiscarded: (node) => node !== pinned,
  });
  return shown instanceof SVGSVGElement ? shown : null;
}
