/**
 * Turns the drawing placed on a render page into the requested file: a PNG, JPEG or WebP
 * screenshot of exactly the placed size, or a vector PDF (one page fitted to the drawing, or a
 * paper size with the drawing fitted inside).
 */
import type { Page } from 'playwright-core';
import type { RasterFormat } from '../../shared/output-formats.js';
import { PAPER_SIZES } from '../../shared/schemas.js';

export const PAPER_FORMATS = PAPER_SIZES;
export type PaperFormat = (typeof PAPER_FORMATS)[number];

/** A PDF page fitted to the drawing, or a paper size (portrait unless `landscape`). */
export type PdfPage = { paper: 'fit' } | { paper: PaperFormat; landscape: boolean };

// Paper sizes in CSS pixels (96 per inch), portrait; the same table Chromium prints with.
const PAPER_INCHES: Record<PaperFormat, [number, number]> = {
  letter: [8.5, 11],
  legal: [8.5, 14],
  tabloid: [11, 17],
  ledger: [17, 11],
  a0: [33.1, 46.8],
  a1: [23.4, 33.1],
  a2: [16.54, 23.4],
  a3: [11.7, 16.54],
  a4: [8.27, 11.7],
  a5: [5.83, 8.27],
  a6: [4.13, 5.83],
};

/**
 * The white margin around the drawing on every PDF page, in CSS pixels (a quarter inch): a
 * drawing printed edge to edge loses its border to most printers and looks cut off on screen.
 */
export const PDF_MARGIN_PX = 24;
/** A PDF's document title when the request names none (never the render page's address). */
export const PDF_DEFAULT_TITLE = 'Diagram';

/**
 * The printable box of a paper size in CSS pixels inside `margin` on every side (rounded down so
 * the drawing stays on page 1).
 */
export function paperPixels(
  paper: PaperFormat,
  landscape: boolean,
  margin = 0,
): { width: number; height: number } {
  const [w, h] = PAPER_INCHES[paper];
  const width = Math.floor(w * 96) - 1 - 2 * margin;
  const height = Math.floor(h * 96) - 1 - 2 * margin;
  return landscape ? { width: height, height: width } : { width, height };
}

const JPEG_QUALITY = 90;

export async function screenshot(
  page: Page,
  format: RasterFormat,
  size: { width: number; height: number },
  transparent: boolean,
): Promise<Buffer> {
  if (format !== 'webp') {
    return page.screenshot({
      type: format,
      ...(format === 'jpeg' ? { quality: JPEG_QUALITY } : {}),
      omitBackground: transparent && format === 'png',
      animations: 'disabled',
      caret: 'hide',
      clip: { x: 0, y: 0, ...size },
    });
  }
  // Playwright captures PNG and JPEG only; Chromium itself encodes WebP.
  const session = await page.context().newCDPSession(page);
  try {
    if (transparent) {
      await session.send('Emulation.setDefaultBackgroundColorOverride', {
        color: { r: 0, g: 0, b: 0, a: 0 },
      });
    }
    const { data } = await session.send('Page.captureScreenshot', {
      format: 'webp',
      quality: JPEG_QUALITY,
      clip: { x: 0, y: 0, ...size, scale: 1 },
    });
    if (transparent) await session.send('Emulation.setDefaultBackgroundColorOverride', {});
    return Buffer.from(data, 'base64');
  } finally {
    await session.detach().catch(() => undefined);
  }
}

/**
 * Prints the drawing placed at `size` with PDF_MARGIN_PX around it, on a page fitted to it or on
 * paper. `allPages`: the page holds one page per step (see warm-page.ts), not one drawing.
 * Chromium titles a PDF with the document's title, else with the page's address (the render
 * page's internal host): the document is given `title` first.
 */
export async function printPdf(
  page: Page,
  pdf: PdfPage,
  size: { width: number; height: number },
  options: { allPages?: boolean; title: string },
): Promise<Buffer> {
  await page.evaluate((title) => {
    (globalThis as unknown as { document: { title: string } }).document.title = title;
  }, options.title);
  const margin = `${PDF_MARGIN_PX}px`;
  const common = {
    printBackground: true,
    ...(options.allPages ? {} : { pageRanges: '1' }),
    margin: { top: margin, right: margin, bottom: margin, left: margin },
  };
  if (pdf.paper === 'fit') {
    const page$ = (side: number) => `${side + 1 + 2 * PDF_MARGIN_PX}px`;
    return page.pdf({ ...common, width: page$(size.width), height: page$(size.height) });
  }
  return page.pdf({ ...common, format: pdf.paper, landscape: pdf.landscape });
}
