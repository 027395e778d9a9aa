/**
 * POST /api/v1/convert with `steps`: an SVG that plays the messages by CSS animation, and a PDF
 * of one page per message, stepped off the server renderer's own drawing (real Chromium).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_PDF_STEPS } from '../../shared/present/steps.js';
import type { Database } from '../db/client.js';
import { chromium as playwright } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../chromium-render/chromium.js';
import { createRenderer, type Renderer } from '../chromium-render/renderer.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeIf } from '../../../test/support/needs.js';
import { pdfPageCount, pdfPageTexts } from '../../../test/support/render-support.js';

const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';

const FIVE_MESSAGES = [
  'sequenceDiagram',
  '  Alice->>Bob: first',
  '  Note right of Bob: thinks',
  '  Bob-->>Alice: second',
  '  loop retry',
  '    Alice->>+Bob: third',
  '  end',
  '  Bob-->>-Alice: fourth',
  '  Alice-)Bob: fifth',
].join('\n');

const messages = (count: number) =>
  ['sequenceDiagram', ...Array.from({ length: count }, (_, i) => `  A->>B: m${i + 1}`)].join('\n');

let renderer: Renderer;
let database: Database;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  renderer = createRenderer({ executablePath: chromium, queue: 8 });
  // One database is enough: nothing here is about storage.
  database = await testDatabases[0]!.open();
  app = await testApp(database, { renderer });
  token = await apiTokenOf(app, await signInLocally(app, 'steps@example.test'));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await renderer?.close();
});

const convert = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/convert',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

it.each([
  [{ steps: true }, "steps needs format 'svg' or 'pdf'"],
  [{ steps: true, format: 'png' }, "steps needs format 'svg' or 'pdf'"],
  [{ steps: 'yes', format: 'svg' }, 'steps must be true or false'],
  [{ steps: true, format: 'svg', paceMs: 50 }, 'paceMs must be a whole number from 200 to 10000'],
  [
    { steps: true, format: 'svg', paceMs: 10_001 },
    'paceMs must be a whole number from 200 to 10000',
  ],
  [
    { steps: true, format: 'svg', paceMs: 500.5 },
    'paceMs must be a whole number from 200 to 10000',
  ],
  [
    { steps: true, format: 'svg', paceMs: 'fast' },
    'paceMs must be a whole number from 200 to 10000',
  ],
])('answers 400 for bad steps options (%#)', async (options, message) => {
  const response = await convert({ content: FIVE_MESSAGES, ...options });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
});

describeIf(chromiumMissing, 'with Chromium', () => {
  it('answers an SVG whose messages appear one after another by CSS animation, without script', async () => {
    const response = await convert({
      content: FIVE_MESSAGES,
      format: 'svg',
      steps: true,
      paceMs: 500,
    });
    expect(response.statusCode, response.body).toBe(200);
    const svg = response.body;
    expect(svg).not.toMatch(/<script/i);
    // Steps 2…5 each fade in at their moment of an 8-pace cycle (5 steps and 3 held): 4 s.
    for (const step of [1, 2, 3, 4]) {
      expect(svg).toContain(`@keyframes lifeline-step-${step}{`);
      expect(svg).toContain(
        `.lifeline-step-${step}{animation:lifeline-step-${step} 4000ms step-end infinite}`,
      );
    }
    expect(svg).not.toContain('lifeline-step-5');
    expect(svg).toMatch(/class="messageText lifeline-step-1"[^>]*>second</);
    expect(svg).toMatch(/class="messageText lifeline-step-4"[^>]*>fifth</);
    // The first message is there from the start; the note and the loop come with their message.
    expect(svg).toMatch(/class="messageText"[^>]*>first</);
    expect(svg).toMatch(/<g [^>]*class="lifeline-step-1"><rect[^>]*class="note"/);
    expect(svg).toMatch(/<g [^>]*class="lifeline-step-2"><line[^>]*class="loopLine"/);
    // Bob's activation bar starts with the third message.
    expect(svg).toMatch(/<g[^>]*class="lifeline-step-2"><rect[^>]*class="activation0"/);
    // The current message is marked as present mode marks it: a copy of its label and line in
    // the accent, shown for its own pace only; the last stays marked while the drawing holds.
    expect(svg).toContain('text.lifeline-step-current:not(.sequenceNumber) { fill: #4f46e5');
    expect(svg).toContain(
      '@keyframes lifeline-mark-0{0%{opacity:1}12.5000%{opacity:0}100%{opacity:0}}',
    );
    expect(svg).toContain(
      '@keyframes lifeline-mark-2{0%{opacity:0}25.0000%{opacity:1}37.5000%{opacity:0}100%{opacity:0}}',
    );
    expect(svg).toContain(
      '@keyframes lifeline-mark-4{0%{opacity:0}50.0000%{opacity:1}100%{opacity:1}}',
    );
    expect(svg).toMatch(
      /class="messageText lifeline-step-current lifeline-mark-2[^"]*"[^>]*>third</,
    );
    expect(svg).toMatch(/<line[^>]*class="messageLine\d lifeline-step-current lifeline-mark-2/);
  });

  it('holds the whole drawing still, unmarked, for a reader who asks for reduced motion', async () => {
    const response = await convert({ content: FIVE_MESSAGES, format: 'svg', steps: true });
    expect(response.statusCode, response.body).toBe(200);
    const browser = await playwright.launch({
      executablePath: chromium ?? undefined,
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.setContent(response.body);
      // A string, evaluated in the page: the server's types know no DOM.
      const looks = () =>
        page.evaluate<{ step: string; mark: string }>(
          `({ step: getComputedStyle(document.querySelector('.lifeline-step-2')).animationName,
              mark: getComputedStyle(document.querySelector('.lifeline-mark-2')).opacity })`,
        );
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      expect((await looks()).step).toBe('lifeline-step-2');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await looks()).toEqual({ step: 'none', mark: '0' });
    } finally {
      await browser.close();
    }
  });

  it('answers a PDF of one page per message', async () => {
    const response = await convert({ content: FIVE_MESSAGES, format: 'pdf', steps: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(pdfPageCount(response.rawPayload)).toBe(5);
    // Page N shows the first N messages and none after them.
    const LABELS = ['first', 'second', 'third', 'fourth', 'fifth'];
    const pages = await pdfPageTexts(response.rawPayload);
    expect(pages.map((text) => LABELS.filter((label) => text.includes(label)))).toEqual(
      LABELS.map((_, step) => LABELS.slice(0, step + 1)),
    );
    // The same diagram without steps is one page; on paper, still one page per step.
    expect(
      pdfPageCount((await convert({ content: FIVE_MESSAGES, format: 'pdf' })).rawPayload),
    ).toBe(1);
    const paper = await convert({
      content: FIVE_MESSAGES,
      format: 'pdf',
      steps: true,
      paper: 'a4',
      landscape: true,
    });
    expect(pdfPageCount(paper.rawPayload)).toBe(5);
  });

  it(`refuses a PDF of more than ${MAX_PDF_STEPS} steps with a 400 saying so`, async () => {
    const response = await convert({
      content: messages(MAX_PDF_STEPS + 1),
      format: 'pdf',
      steps: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `This diagram has ${MAX_PDF_STEPS + 1} messages; a PDF with one page per step has at most ${MAX_PDF_STEPS} pages.`,
    });
  });

  it('answers the whole drawing for a diagram without steps', async () => {
    const flow = await convert({ content: 'flowchart TD\n  A --> B', format: 'pdf', steps: true });
    expect(flow.statusCode, flow.body).toBe(200);
    expect(pdfPageCount(flow.rawPayload)).toBe(1);
    const svg = await convert({ content: 'flowchart TD\n  A --> B', format: 'svg', steps: true });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).not.toContain('@keyframes lifeline-step');
  });
});
