/** Helpers for the rendering tests: a local server that counts requests, and Chromium's process. */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { afterAll, beforeAll } from 'vitest';
import { findChromium } from '../../src/server/chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../../src/server/chromium-render/renderer.js';

export interface CountingServer {
  url: string;
  hits: () => number;
  close: () => Promise<void>;
}

export async function countingServer(): Promise<CountingServer> {
  let hits = 0;
  const server: Server = createServer((_request, response) => {
    hits += 1;
    response.end('seen');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Process ids of the Chromium browsers this process launched (their main processes). */
export function chromiumChildren(): number[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], {
    encoding: 'utf8',
  }).split('\n');
  return lines
    .map((line) => line.trim())
    .filter((line) => /chrom/i.test(line) && !line.includes('--type='))
    .map((line) => Number(line.split(/\s+/)[0]));
}

/** Decoded size and how many pixels differ from the background colour (white by default). */
export function pngStats(body: Buffer, background = [255, 255, 255, 255]) {
  const png = PNG.sync.read(body);
  let drawn = 0;
  let minX = png.width;
  let maxX = -1;
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const i = (y * png.width + x) * 4;
      const same = background.every((value, k) => Math.abs((png.data[i + k] ?? 0) - value) < 8);
      if (!same) {
        drawn += 1;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
      }
    }
  }
  return { width: png.width, height: png.height, drawn, minX, maxX };
}

export const SMALL_DIAGRAM = `sequenceDiagram
    participant Alice
    participant Bob
    Alice->>Bob: Hello Bob, how are you?
    Bob-->>Alice: Fine, thanks!`;

/**
 * mermaid fails on this text as written (a comment line starting `%%{` reads as an unclosed
 * directive) and draws it with the comment line removed.
 */
export const COMMENT_BREAKS_DIAGRAM = `sequenceDiagram
    %%{ draft: ask Bob first
    Alice->>Bob: Drawn without the comment`;

/** A diagram that names a local address in ways mermaid would fetch without our interception. */
export function diagramReferencing(url: string): string {
  return `%%{init: {"securityLevel": "loose", "themeCSS": "@import url('${url}/theme.css');"}}%%
flowchart TD
    A@{ img: "${url}/image.png", label: "picture", pos: "t", w: 60, h: 60, constraint: "on" }
    A --> B["<img src='${url}/label.png' width='20'> label"]
    click B href "${url}/click" _blank`;
}

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Pages` tree). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** A PDF's document title (its Info dictionary's /Title, a literal or UTF-16 hex string). */
export function pdfTitle(pdf: Buffer): string | null {
  const text = pdf.toString('latin1');
  const hex = /\/Title\s*<([0-9A-Fa-f]+)>/.exec(text)?.[1];
  if (hex) {
    const bytes = Buffer.from(hex, 'hex');
    const start = bytes[0] === 0xfe && bytes[1] === 0xff ? 2 : 0;
    return bytes.subarray(start).swap16().toString('utf16le');
  }
  const literal = /\/Title\s*\(((?:\\.|[^\\)])*)\)/.exec(text)?.[1];
  return literal === undefined ? null : literal.replace(/\\(.)/g, '$1');
}

/** The first page's MediaBox in points. */
export function pdfMediaBox(pdf: Buffer): { width: number; height: number } {
  const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(
    pdf.toString('latin1'),
  );
  if (!box) throw new Error('no MediaBox in the PDF');
  return { width: Number(box[3]) - Number(box[1]), height: Number(box[4]) - Number(box[2]) };
}

/**
 * A renderer on the system Chromium for one test file: made before its tests and closed after.
 * `skip` says why Chromium suites are skipped here (null when one was found).
 */
export function fileRenderer(options: { queue?: number } = {}): {
  skip: string | null;
  renderer: () => Renderer;
} {
  const chromium = findChromium();
  let renderer: Renderer | null = null;
  beforeAll(() => {
    renderer = createRenderer({ executablePath: chromium, queue: options.queue ?? 8 });
  });
  afterAll(async () => {
    await renderer?.close();
  });
  return {
    skip: chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)',
    renderer: () => {
      if (!renderer) throw new Error('The renderer is made before the tests run');
      return renderer;
    },
  };
}

/** The text on each page of a PDF, in order, as a reader extracts it (pdf.js). */
export async function pdfPageTexts(pdf: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}
