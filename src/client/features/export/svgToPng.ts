/**
 * Rasterises a standalone SVG in the editor page. Mermaid draws many labels as HTML inside
 * <foreignObject>. Chromium taints a canvas that drew such an SVG from a blob: URL (toBlob then
 * throws), but not from a data: URL, and the well-formed XML keeps the labels; the PNG export
 * E2E test checks the label pixels.
 */
import { pngScale } from './pngScale';
import type { StandaloneSvg } from './standaloneSvg';

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = url;
  await image.decode();
  return image;
}

export async function svgToPng(svg: StandaloneSvg, background: string): Promise<Blob> {
  const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg.xml)}`;
  const image = await loadImage(url);
  const scale = pngScale(svg.width, svg.height);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(svg.width * scale));
  canvas.height = Math.max(1, Math.round(svg.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  context.fillStyle = background;
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))));
  });
}
