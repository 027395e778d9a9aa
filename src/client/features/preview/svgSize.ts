/** A mermaid SVG's natural size: its viewBox, else its width/height attributes. */
export function naturalSvgSize(svg: Element): { width: number; height: number } {
  const [, , width, height] = (svg.getAttribute('viewBox') ?? '').split(/[\s,]+/).map(Number);
  if (width && height && width > 0 && height > 0) return { width, height };
  const fromAttribute = (name: string) => parseFloat(svg.getAttribute(name) ?? '');
  return { width: fromAttribute('width') || 800, height: fromAttribute('height') || 600 };
}

/** Shows the SVG at `zoom` times its natural size (mermaid's width="100%" would shrink it). */
export function applyZoom(svg: SVGSVGElement | null, zoom: number): void {
  if (!svg) return;
  const { width } = naturalSvgSize(svg);
  svg.style.maxWidth = 'none';
  svg.style.width = `${Math.round(width * zoom)}px`;
}

export function clampZoom(zoom: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(zoom * 100) / 100));
}
