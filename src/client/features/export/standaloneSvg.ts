/**
 * Turns the preview's SVG markup into a self-contained SVG document: well-formed XML (mermaid's
 * markup is HTML-serialised, e.g. `<br>` in labels, which an SVG file or an <img> would reject),
 * an explicit pixel size instead of width="100%", and a solid background.
 */
import { EXPORT_TEXT } from '@shared/messages';
import { naturalSvgSize } from '@/features/preview/svgSize';

export interface StandaloneSvg {
  xml: string;
  width: number;
  height: number;
}

export function toStandaloneSvg(markup: string, background: string): StandaloneSvg {
  const parsed = new DOMParser().parseFromString(markup, 'text/html');
  const svg = parsed.querySelector('svg');
  if (!svg) throw new Error(EXPORT_TEXT.noSvg);
  const natural = naturalSvgSize(svg);
  const width = Math.ceil(natural.width);
  const height = Math.ceil(natural.height);
  svg.setAttribute('width', String(width));
  svg.setAttribute('height', String(height));
  svg.style.removeProperty('max-width');
  svg.style.backgroundColor = background;
  const xml = new XMLSerializer().serializeToString(svg);
  return { xml: `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`, width, height };
}
