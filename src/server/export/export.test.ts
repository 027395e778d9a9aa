/** POST /api/export/file: the Export menu's server-drawn files, signed out, on a real Chromium. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import { testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeIf } from '../../../test/support/needs.js';
import { PDF_MARGIN_PX } from '../chromium-render/capture.js';
import { pdfMediaBox, pdfPageCount, pdfTitle } from '../../../test/support/render-support.js';

const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
const THREE = 'sequenceDiagram\n  A->>B: one\n  B-->>A: two\n  A->>B: three';

let renderer: Renderer;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  renderer = createRenderer({ executablePath: chromium, queue: 8 });
  database = await testDatabases[0]!.open();
  app = await testApp(database, { renderer, limits: { stepExportsPerMinute: 10 } });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await renderer?.close();
});

const exportFile = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/export/file', payload });

it.each([
  [{ content: THREE, format: 'png' }, "format must be 'svg' or 'pdf'"],
  [{ content: THREE }, "format must be 'svg' or 'pdf'"],
  [{ content: THREE, format: 'svg', theme: 'pink' }, "theme must be 'light' or 'dark'"],
  [{ content: THREE, format: 'svg', paceMs: 0 }, 'paceMs must be a whole number from 200 to 10000'],
  [{ format: 'svg' }, 'content is required'],
  [{ content: THREE, format: 'pdf', steps: 'yes' }, 'steps must be true or false'],
])('answers 400 for a bad body (%#)', async (payload, message) => {
  const response = await exportFile(payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
});

describeIf(chromiumMissing, 'with Chromium', () => {
  it('answers, signed out, a PDF of one page per message and an animated SVG in the theme', async () => {
    const pdf = await exportFile({ content: THREE, format: 'pdf', steps: true });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(pdf.rawPayload)).toBe(3);

    const svg = await exportFile({
      content: THREE,
      format: 'svg',
      theme: 'dark',
      steps: true,
      paceMs: 2000,
    });
    expect(svg.statusCode, svg.body).toBe(200);
    expect(svg.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    // 3 steps and 3 held: a 12 s cycle; the dark export background.
    expect(svg.body).toContain(
      '.lifeline-step-2{animation:lifeline-step-2 12000ms step-end infinite}',
    );
    expect(svg.body).toContain('background-color: #111827;');
  });

  it('answers a PDF of one page, titled with the diagram, the drawing inside a margin', async () => {
    const pdf = await exportFile({ content: THREE, format: 'pdf', title: 'Checkout: flow' });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(pdf.rawPayload)).toBe(1);
    // Not the render page's address (render.lifeline.invalid).
    expect(pdfTitle(pdf.rawPayload)).toBe('Checkout: flow');
    // The page is the drawing (its own size, as the SVG says) with the margin on every side,
    // in points (72 per inch; CSS pixels are 96).
    const drawn = await renderer.render({
      content: THREE,
      format: 'svg',
      width: null,
      height: null,
      theme: 'neutral',
      background: 'white',
    });
    const [, , width, height] = /viewBox="([^"]+)"/
      .exec(drawn.body.toString('utf8'))![1]!
      .split(/\s+/)
      .map(Number);
    const page = pdfMediaBox(pdf.rawPayload);
    const points = (px: number) => ((px + 1 + 2 * PDF_MARGIN_PX) * 72) / 96;
    expect(page.width).toBeCloseTo(points(Math.ceil(width!)), -1);
    expect(page.height).toBeCloseTo(points(Math.ceil(height!)), -1);
    expect(page.width - (width! * 72) / 96).toBeGreaterThanOrEqual(
      ((2 * PDF_MARGIN_PX - 2) * 72) / 96,
    );
  });

  it('is limited per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await exportFile({ content: THREE, format: 'svg' })).statusCode);
    }
    expect(statuses).toContain(429);
  });
});
