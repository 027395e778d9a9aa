/**
 * Styled sequence diagrams through the server's renderer on a real Chromium: the written fill
 * and stroke are on the right participant and message in the SVG, in the PNG's pixels and in the
 * PDF's drawing operators.
 */
import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeIf } from '../support/needs.js';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium.js';
import {
  createRenderer,
  type Renderer,
  type RenderRequest,
} from '../../src/server/chromium-render/renderer.js';

const executablePath = findChromium();
const chromiumMissing = executablePath ? null : 'no Chromium found (set CHROME_PATH)';

const BODY = [
  '    participant Web',
  '    participant Stripe',
  '    actor Ann',
  '    Web->>Stripe: charge',
  '    Stripe-->>Web: declined',
  '    Ann-)Web: retry',
];
const STYLES = [
  '    classDef external fill:#fef3c7,stroke:#b45309,color:#b45309',
  '    class Stripe,Ann external',
  '    style Web fill:#e0e7ff,stroke:#4338ca,stroke-width:2px',
  '    linkStyle 1 stroke:#dc2626,stroke-width:2px,color:#dc2626',
];
const STYLED = ['sequenceDiagram', ...STYLES, ...BODY].join('\n');
const PLAIN = ['sequenceDiagram', ...BODY].join('\n');
const WEB_FILL = [224, 231, 255];
const STRIPE_FILL = [254, 243, 199];
const RED = [220, 38, 38];

const request = (content: string, format: RenderRequest['format']): RenderRequest => ({
  content,
  format,
  width: 900,
  height: 500,
  theme: 'neutral',
  background: 'white',
});

/** Pixels of exactly `rgb` in a PNG. */
function countPixels(body: Buffer, [r, g, b]: number[]): number {
  const png = PNG.sync.read(body);
  let count = 0;
  for (let at = 0; at < png.data.length; at += 4) {
    if (png.data[at] === r && png.data[at + 1] === g && png.data[at + 2] === b) count++;
  }
  return count;
}

/** The fill colours (`r g b rg`) a PDF's content streams set, each as 0–255 numbers. */
function pdfFillColours(body: Buffer): number[][] {
  const text = body.toString('latin1');
  const colours: number[][] = [];
  for (let at = text.indexOf('stream'); at >= 0; at = text.indexOf('stream', at + 6)) {
    const start = text[at + 6] === '\r' ? at + 8 : at + 7;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let content: string;
    try {
      content = inflateSync(body.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a deflated stream (or not a stream at all)
    }
    for (const match of content.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) rg/g)) {
      colours.push([match[1], match[2], match[3]].map((n) => Math.round(Number(n) * 255)));
    }
    at = end;
  }
  return colours;
}

describeIf(chromiumMissing, 'styled sequence diagrams on a real Chromium', () => {
  let renderer: Renderer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    renderer = createRenderer({ executablePath, cacheBytes: 0, queue: 4 });
    browser = await chromium.launch({ executablePath: executablePath!, args: CHROMIUM_ARGS });
    page = await browser.newPage();
  });
  afterAll(async () => {
    await renderer?.close();
    await browser?.close();
  });

  /** Computed colours of the drawn parts, as Chromium shows the SVG. */
  async function computed(svg: string) {
    await page.setContent(`<!doctype html><body>${svg}</body>`);
    return page.evaluate(() => {
      const style = (element: Element | null | undefined) =>
        element
          ? { fill: getComputedStyle(element).fill, stroke: getComputedStyle(element).stroke }
          : null;
      const lines = document.querySelectorAll('.messageLine0, .messageLine1');
      const marker = (line: Element | undefined) => {
        const id = /#([\w-]+)/.exec(line?.getAttribute('marker-end') ?? '')?.[1];
        return style(id ? document.getElementById(id)?.querySelector('path') : null);
      };
      const label = (line: Element | undefined) => style(line?.previousElementSibling);
      return {
        webTop: style(document.querySelector('rect.actor-top[name="Web"]')),
        webBottom: style(document.querySelector('rect.actor-bottom[name="Web"]')),
        webName: style(document.querySelector('rect.actor-top[name="Web"] + text tspan')),
        stripeTop: style(document.querySelector('rect.actor-top[name="Stripe"]')),
        stripeName: style(document.querySelector('rect.actor-top[name="Stripe"] + text tspan')),
        annHead: style(document.querySelector('.actor-man.actor-top[name="Ann"] circle')),
        lines: [...lines].map(style),
        markers: [...lines].map(marker),
        labels: [...lines].map(label),
      };
    });
  }

  it('puts the fill and stroke on the right participants and message in the SVG', async () => {
    const svg = (await renderer.render(request(STYLED, 'svg'))).body.toString('utf8');
    const plain = await computed((await renderer.render(request(PLAIN, 'svg'))).body.toString());
    const drawn = await computed(svg);
    expect(drawn.webTop).toEqual({ fill: 'rgb(224, 231, 255)', stroke: 'rgb(67, 56, 202)' });
    expect(drawn.webBottom).toEqual(drawn.webTop);
    expect(drawn.stripeTop).toEqual({ fill: 'rgb(254, 243, 199)', stroke: 'rgb(180, 83, 9)' });
    expect(drawn.stripeName?.fill).toBe('rgb(180, 83, 9)');
    expect(drawn.webName).toEqual(plain.webName);
    expect(drawn.annHead?.stroke).toBe('rgb(180, 83, 9)');
    // Message 1 (from 0): its line, its own arrow head and its label; the others as unstyled.
    expect(drawn.lines[1]?.stroke).toBe('rgb(220, 38, 38)');
    expect(drawn.markers[1]).toEqual({ fill: 'rgb(220, 38, 38)', stroke: 'rgb(220, 38, 38)' });
    expect(drawn.labels[1]?.fill).toBe('rgb(220, 38, 38)');
    for (const index of [0, 2]) {
      expect(drawn.lines[index]).toEqual(plain.lines[index]);
      expect(drawn.markers[index]).toEqual(plain.markers[index]);
      expect(drawn.labels[index]).toEqual(plain.labels[index]);
    }
    expect(plain.lines[1]?.stroke).not.toBe('rgb(220, 38, 38)');
    expect(svg).not.toMatch(/classDef|linkStyle/);
  });

  it('shows the fills and the red message in the PNG', async () => {
    const styled = (await renderer.render(request(STYLED, 'png'))).body;
    const plain = (await renderer.render(request(PLAIN, 'png'))).body;
    // Two boxes (top and bottom) of about 150 × 65 drawing units, drawn at about 0.8×.
    expect(countPixels(styled, WEB_FILL)).toBeGreaterThan(8000);
    expect(countPixels(styled, STRIPE_FILL)).toBeGreaterThan(8000);
    expect(countPixels(styled, RED)).toBeGreaterThan(100);
    for (const colour of [WEB_FILL, STRIPE_FILL, RED]) expect(countPixels(plain, colour)).toBe(0);
  });

  it('fills with the written colours in the PDF', async () => {
    const styled = pdfFillColours((await renderer.render(request(STYLED, 'pdf'))).body);
    const plain = pdfFillColours((await renderer.render(request(PLAIN, 'pdf'))).body);
    const has = (colours: number[][], rgb: number[]) =>
      colours.some((colour) => colour.every((value, index) => value === rgb[index]));
    expect(plain.length).toBeGreaterThan(0);
    for (const rgb of [WEB_FILL, STRIPE_FILL, RED]) {
      expect(has(styled, rgb)).toBe(true);
      expect(has(plain, rgb)).toBe(false);
    }
  });

  it("in dark mode a box given only a light fill gets dark text; the light theme keeps mermaid's", async () => {
    const white = ['sequenceDiagram', '    style Web fill:#fff', ...BODY].join('\n');
    const name = async (theme: RenderRequest['theme'], content: string) => {
      const svg = (await renderer.render({ ...request(content, 'svg'), theme })).body.toString();
      return (await computed(svg)).webName?.fill;
    };
    expect(await name('dark', white)).toBe('rgb(15, 23, 42)');
    // A dark fill keeps the theme's light names; the light theme draws exactly as unstyled.
    const dark = ['sequenceDiagram', '    style Web fill:#111827', ...BODY].join('\n');
    expect(await name('dark', dark)).toBe(await name('dark', PLAIN));
    expect(await name('neutral', white)).toBe(await name('neutral', PLAIN));
  });
});
