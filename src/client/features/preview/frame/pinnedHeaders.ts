/**
 * Pinned actor headers (spec §2/§9, the 'Pin Entities' toggle): once a long sequence diagram's
 * participant boxes have scrolled out of view, a strip of them sticks to the top of the preview,
 * each box above its own lifeline at the drawing's zoom, as sequencediagram.org does. Copies
 * repeated down the lifelines sat on message labels and arrows; the strip covers nothing of the
 * drawing that scrolling does not bring back, and it shows only when the real headers cannot be
 * seen (never at Fit). It is the frame's own decoration, outside the SVG: it never reaches the
 * export and costs nothing to lay out when the drawing changes.
 */
import { ACTOR_HEADER } from '@shared/constants';

/** Marks the frame's own header copies, which label editing and source links skip. */
export const PINNED_CLASS = 'lifeline-pinned';
const SVG_NS = 'http://www.w3.org/2000/svg';
/** Room above and below the boxes in the strip (drawing units). */
const STRIP_PADDING = 6;
/** What a copy needs of mermaid's stylesheet, which scopes its rules to the drawing's id. */
const COPIED_STYLES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
] as const;

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

/** A copy of `header` that looks the same outside its SVG (mermaid's styles written inline). */
function styledCopy(header: SVGGElement): SVGGElement {
  const copy = header.cloneNode(true) as SVGGElement;
  copy.removeAttribute('id');
  const originals = [header, ...header.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, index) => {
    const target = copies[index];
    if (!(target instanceof SVGElement)) return;
    target.removeAttribute('id');
    const computed = getComputedStyle(original);
    for (const name of COPIED_STYLES) {
      target.style.setProperty(name, computed.getPropertyValue(name));
    }
  });
  return copy;
}

/** Where the real headers are, in the drawing's own units. */
interface Rows {
  /** The top and bottom of the row of participant boxes. */
  top: number;
  bottom: number;
  /** Where the lifelines end (past it, no strip). */
  end: number;
  /** The drawing's viewBox origin. */
  minX: number;
  minY: number;
}

export class HeaderStrip {
  private readonly root = document.createElement('div');
  private readonly strip = document.createElementNS(SVG_NS, 'svg');
  private rows: Rows | null = null;
  private pinned = true;
  private shown = false;
  /** What the strip on screen was built from: an unchanged drawing keeps it. */
  private source = '';

  constructor(stage: HTMLElement) {
    this.root.className = 'lifeline-header-strip';
    this.root.setAttribute('aria-hidden', 'true');
    this.strip.classList.add(PINNED_CLASS);
    this.root.append(this.strip);
    stage.append(this.root);
  }

  /** Builds the strip from the drawing on screen (nothing for other diagrams or short ones). */
  build(svg: SVGSVGElement | null): void {
    const sequence = svg?.getAttribute('aria-roledescription') === 'sequence';
    let top = Infinity;
    let bottom = -Infinity;
    let end = -Infinity;
    const headers: SVGGElement[] = [];
    let source = svg?.getAttribute('viewBox') ?? '';
    for (const line of sequence && svg ? svg.querySelectorAll('line.actor-line') : []) {
      const y1 = number(line, 'y1');
      const y2 = number(line, 'y2');
      if (y2 - y1 < ACTOR_HEADER.minLifelinePx) continue;
      const header = headerOf(svg!, line);
      const box = header?.querySelector('rect');
      if (!header || !box) continue;
      top = Math.min(top, number(box, 'y'));
      bottom = Math.max(bottom, number(box, 'y') + number(box, 'height'));
      end = Math.max(end, y2);
      headers.push(header);
      source += `\n${y2}\n${header.outerHTML}`;
    }
    if (source === this.source && this.rows) {
      this.rows.end = end;
      return;
    }
    this.source = source;
    this.rows = null;
    this.strip.replaceChildren();
    if (!svg || headers.length === 0) return;
    const copies = headers.map(styledCopy);
    const [minX = 0, minY = 0, width = 0] = (svg.getAttribute('viewBox') ?? '')
      .split(/[\s,]+/)
      .map(Number);
    const height = bottom - top + 2 * STRIP_PADDING;
    this.strip.setAttribute('viewBox', `${minX} ${top - STRIP_PADDING} ${width} ${height}`);
    this.strip.setAttribute('width', String(width));
    this.strip.setAttribute('height', String(height));
    this.strip.append(...copies);
    this.rows = { top, bottom, end, minX, minY };
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
  }

  /** The strip's height on screen when it shows (0 when it does not). */
  get heightPx(): number {
    return this.shown ? this.root.getBoundingClientRect().height : 0;
  }

  /** Places the strip for the view (`x`, `y`: where the drawing's origin is; `zoom`). */
  place(x: number, y: number, zoom: number): void {
    const rows = this.rows;
    const height = rows ? (rows.bottom - rows.top + 2 * STRIP_PADDING) * zoom : 0;
    const show =
      rows !== null &&
      this.pinned &&
      // The real boxes have left the top of the view, and the lifelines still run below it.
      y + (rows.bottom - rows.minY) * zoom < 0 &&
      y + (rows.end - rows.minY) * zoom > height;
    if (show !== this.shown) {
      this.shown = show;
      this.root.style.display = show ? 'block' : 'none';
    }
    if (!show || !rows) return;
    this.root.style.height = `${height}px`;
    this.strip.style.transform = `translate(${x}px, 0) scale(${zoom})`;
  }
}

/** The layer of copies kept inside older drawings' SVGs (none are made any more). */
export function pinnedLayer(svg: Element): SVGGElement | null {
  return svg.querySelector<SVGGElement>(`:scope > g.${PINNED_CLASS}`);
}
