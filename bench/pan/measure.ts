/**
 * One pass: the 600-message diagram in /try, then scripted drag, wheel-zoom and Alt+wheel pans
 * over the preview while the render frame records requestAnimationFrame deltas.
 */
import type { Browser, Frame, Page } from 'playwright-core';

export interface PassResult {
  label: string;
  url: string;
  /** Delta between consecutive animation frames inside the render frame, in ms. */
  deltasMs: number[];
  interactionMs: number;
  inputEvents: number;
}

// Plain strings: functions passed to evaluate would be rewritten by the TypeScript loader.
const START = `(() => {
  window.__pan = { deltas: [], on: true };
  let last = performance.now();
  const tick = (now) => {
    window.__pan.deltas.push(now - last);
    last = now;
    if (window.__pan.on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;
const STOP = `(() => { window.__pan.on = false; return window.__pan.deltas; })()`;

async function renderFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('[data-testid="preview-frame"]');
  const frame = await handle.contentFrame();
  if (!frame) throw new Error('no render frame');
  return frame;
}

async function interact(page: Page, x: number, y: number): Promise<number> {
  let events = 0;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 60; i++) {
    await page.mouse.move(x + 4 * i, y + 6 * i); // drag: 60 moves
    events++;
  }
  await page.mouse.up();
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, i % 20 < 10 ? -60 : 60); // zoom in, then out, about the cursor
    events++;
  }
  await page.keyboard.down('Alt');
  for (let i = 0; i < 40; i++) {
    await page.mouse.wheel(0, 80); // pan down the lifelines
    events++;
  }
  await page.keyboard.up('Alt');
  return events;
}

export async function measurePass(
  browser: Browser,
  label: string,
  url: string,
  diagram: string,
): Promise<PassResult> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(url);
    await page.waitForSelector('[data-testid="preview"][data-status="ok"]', { timeout: 60_000 });
    await page.evaluate((text) => window.__lifelineEditor?.setText(text), diagram);
    await page.waitForFunction(
      (length) => {
        const data = document.querySelector<HTMLElement>('[data-testid="preview"]')?.dataset;
        return data?.status === 'ok' && data.shownLength === String(length);
      },
      diagram.length,
      { timeout: 120_000 },
    );
    const frame = await renderFrame(page);
    const area = await page.getByTestId('preview-frame').boundingBox();
    if (!area) throw new Error('no preview frame box');
    await frame.evaluate(START);
    const started = Date.now();
    const inputEvents = await interact(page, area.x + area.width / 3, area.y + area.height / 3);
    const interactionMs = Date.now() - started;
    const deltasMs = (await frame.evaluate(STOP)) as number[];
    return { label, url, deltasMs: deltasMs.slice(1), interactionMs, inputEvents };
  } finally {
    await page.close();
  }
}
