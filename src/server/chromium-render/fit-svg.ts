/**
 * Fits mermaid's SVG text to a requested size without a DOM: the root element gets the width and
 * height, keeps its viewBox (so it scales), is centred by preserveAspectRatio, and gets the
 * background. Mermaid's own `width="100%"` and `max-width` style are replaced.
 */
const REPLACED = /\s(?:width|height|style|preserveAspectRatio)="[^"]*"/g;

export function fitSvg(
  svg: string,
  size: { width: number; height: number; background: string },
): string {
  const start = svg.indexOf('<svg');
  const end = svg.indexOf('>', start);
  if (start < 0 || end < 0) return svg;
  const selfClosing = svg[end - 1] === '/';
  const attributes = svg.slice(start + 4, selfClosing ? end - 1 : end).replace(REPLACED, '');
  // The background was checked by isSafeColor: a hex colour or a colour name.
  const style =
    size.background === 'transparent' ? '' : ` style="background-color: ${size.background};"`;
  const tag = `<svg${attributes} width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid meet"${style}${selfClosing ? '/' : ''}>`;
  return svg.slice(0, start) + tag + svg.slice(end + 1);
}
