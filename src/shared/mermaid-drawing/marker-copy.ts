/**
 * Copies of mermaid's arrow-head markers for one line: a marker is shared by every message that
 * ends in that head, so a message painted apart (a style, present mode's mark) points at a copy.
 */

/** A marker reference as mermaid writes it; ids are letters, digits, '-' and '_'. */
const MARKER_REFERENCE = /^url\(#([\w-]+)\)$/;

/** The shapes SVG draws with (a marker's head, a participant's box). */
export const SVG_SHAPES = 'rect, path, circle, ellipse, polygon, polyline, line';

/**
 * The copy (`<id>-<suffix>`) of the marker `reference` points at, made once, right after the
 * original; null when the reference names no marker of `svg`. `made` is called on a new copy.
 */
export function markerCopy(
  svg: Element,
  reference: string,
  suffix: string,
  made: (copy: Element) => void,
): string | null {
  const id = MARKER_REFERENCE.exec(reference)?.[1];
  if (!id) return null;
  const copyId = `${id}-${suffix}`;
  const markers = [...svg.querySelectorAll('marker')];
  if (markers.some((element) => element.id === copyId)) return `url(#${copyId})`;
  const marker = markers.find((element) => element.id === id);
  if (!marker) return null;
  const copy = marker.cloneNode(true) as Element;
  copy.id = copyId;
  made(copy);
  marker.after(copy);
  return `url(#${copyId})`;
}
