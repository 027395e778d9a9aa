/**
 * Repeated actor headers (spec §2/§9): on every lifeline of at least 300 px, a copy of the
 * participant's box every 350 px down the line, so whoever reads the middle of a long sequence
 * diagram still sees whose line is whose. The copies live inside the SVG, so they pan and zoom
 * with the drawing for free; they are the frame's own decoration and never reach the export.
 */
import { ACTOR_HEADER } from '@shared/constants';

export const PINNED_CLASS = 'lifeline-pinned';

function number(element: Element, name: string): number {
  return parseFloat(element.getAttribute(name) ?? '') || 0;
}

/** The top box of the participant whose lifeline `line` is. */
function headerOf(svg: SVGSVGElement, line: Element): SVGGElement | null {
  const sibling = line.parentElement?.querySelector(':scope > g[data-et="participant"]');
  if (sibling instanceof SVGGElement) return sibling;
  const name = line.getAttribute('name');
  const rect = name ? svg.querySelector(`rect.actor-top[name="${CSS.escape(name)}"]`) : null;
  return rect?.parentElement instanceof SVGGElement ? rect.parentElement : null;
}

/** The layer of copies in `svg`, if it has one. */
export function pinnedLayer(svg: Element): SVGGElement | null {
  return svg.querySelector<SVGGElement>(`:scope > g.${PINNED_CLASS}`);
}

/** What each layer on screen was built from (see copiesOf), so an unchanged one is kept. */
const layerSources = new WeakMap<SVGGElement, string>();

interface Copies {
  /** Each participant's header, as its copies show it, with the offsets of its copies. */
  headers: { header: SVGGElement; offsets: number[] }[];
  /** The copies' markup and offsets: equal sources build equal layers. */
  source: string;
}

/** Which headers get copies, and where: every ACTOR_HEADER.everyPx down lifelines long enough. */
function copiesOf(svg: SVGSVGElement): Copies {
  const headers: Copies['headers'] = [];
  let source = '';
  for (const line of svg.querySelectorAll('line.actor-line')) {
    const top = number(line, 'y1');
    const bottom = number(line, 'y2');
    if (bottom - top < ACTOR_HEADER.minLifelinePx) continue;
    const header = headerOf(svg, line);
    const box = header?.querySelector('rect');
    if (!header || !box) continue;
    const boxTop = number(box, 'y');
    const boxHeight = number(box, 'height');
    const offsets: number[] = [];
    for (let y = top + ACTOR_HEADER.everyPx; y + boxHeight <= bottom; y += ACTOR_HEADER.everyPx) {
      offsets.push(y - boxTop);
    }
    if (offsets.length === 0) continue;
    // mermaid numbers the header's id per render; the copies carry none.
    const copy = header.cloneNode(true) as SVGGElement;
    copy.removeAttribute('id');
    headers.push({ header: copy, offsets });
    source += `${copy.outerHTML}\n${offsets.join(' ')}\n`;
  }
  return { headers, source };
}

/**
 * Makes the copies match the drawing: for sequence diagrams, builds them afresh and swaps them
 * in, unless the layer on screen was built from the same headers at the same places (a
 * 600-message diagram has about 2,000 copies: cloning them took its frame about 50 ms per
 * drawing, and putting them in again makes Chromium lay out every one of them).
 */
export function buildPinnedHeaders(svg: SVGSVGElement | null, pinned: boolean): number {
  if (!svg) return 0;
  const shown = pinnedLayer(svg);
  if (svg.getAttribute('aria-roledescription') !== 'sequence') {
    shown?.remove();
    return 0;
  }
  const { headers, source } = copiesOf(svg);
  const count = headers.reduce((sum, { offsets }) => sum + offsets.length, 0);
  const unchanged =
    count > 0 &&
    shown !== null &&
    shown === svg.lastElementChild &&
    layerSources.get(shown) === source;
  if (unchanged) {
    showPinnedHeaders(svg, pinned);
    return count;
  }
  shown?.remove();
  if (count === 0) return 0;
  const layer = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  layer.classList.add(PINNED_CLASS);
  layer.setAttribute('aria-hidden', 'true');
  for (const { header, offsets } of headers) {
    for (const offset of offsets) {
      const copy = header.cloneNode(true) as SVGGElement;
      copy.setAttribute('transform', `translate(0 ${offset})`);
      layer.append(copy);
    }
  }
  layer.style.display = pinned ? '' : 'none';
  layerSources.set(layer, source);
  svg.append(layer);
  return count;
}

export function showPinnedHeaders(svg: SVGSVGElement | null, pinned: boolean): void {
  const layer = svg ? pinnedLayer(svg) : null;
  if (layer) layer.style.display = pinned ? '' : 'none';
}
