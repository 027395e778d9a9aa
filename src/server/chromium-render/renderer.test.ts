/** The renderer on a real Chromium: shapes of the output, isolation, bounds and recovery. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { findChromium } from './chromium.js';
import { RendererBusyError } from './page-pool.js';
import { createRenderer, NO_CHROMIUM, type Renderer, type RenderRequest } from './renderer.js';
import {
  SMALL_DIAGRAM,
  chromiumChildren,
  countingServer,
  diagramReferencing,
  pngStats,
  type CountingServer,
} from '../../../test/support/render-support.js';
import { describeIf } from '../../../test/support/needs.js';

const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
const base: RenderRequest = {
  content: SMALL_DIAGRAM,
  format: 'png',
  width: 400,
  height: 300,
  theme: 'neutral',
  background: 'white',
};

describeIf(chromiumMissing, 'renderer on a real Chromium', () => {
  let renderer: Renderer;
  let local: CountingServer;

  beforeAll(async () => {
    renderer = createRenderer({ executablePath: chromium, cacheBytes: 0, queue: 4 });
    local = await countingServer();
  });
  afterAll(async () => {
    await renderer?.close();
    await local?.close();
  });

  it('draws a PNG of exactly width × height with the diagram centred', async () => {
    const image = await renderer.render({ ...base, width: 640, height: 200 });
    expect(image.contentType).toBe('image/png');
    const stats = pngStats(image.body);
    expect([stats.width, stats.height]).toEqual([640, 200]);
    expect(stats.drawn).toBeGreaterThan(1000);
    // Fitted by height, so the drawing is narrower than the image and centred in it.
    expect(Math.abs(stats.minX - (639 - stats.maxX))).toBeLessThanOrEqual(4);
  });

  it('draws a transparent PNG when asked', async () => {
    const image = await renderer.render({ ...base, background: 'transparent' });
    const stats = pngStats(image.body, [0, 0, 0, 0]);
    expect(stats.drawn).toBeGreaterThan(100);
    expect(stats.drawn).toBeLessThan(400 * 300);
  });

  it('draws an SVG with the text, sized to the request and its viewBox kept', async () => {
    const image = await renderer.render({ ...base, format: 'svg', theme: 'dark' });
    expect(image.contentType).toMatch(/^image\/svg\+xml/);
    const svg = image.body.toString('utf8');
    expect(svg).toContain('Hello Bob, how are you?');
    expect(svg).toMatch(/<svg[^>]* width="400"/);
    expect(svg).toMatch(/<svg[^>]* height="300"/);
    expect(svg).toMatch(/<svg[^>]* viewBox="[\d.\s-]+"/);
    expect(svg).not.toMatch(/<script/i);
  });

  it("keeps one diagram's %%{init}%% settings out of the next render", async () => {
    const svg = async (content: string) =>
      (await renderer.render({ ...base, format: 'svg', content })).body.toString('utf8');
    const plain = await svg(SMALL_DIAGRAM);
    const themed = await svg(`%%{init: {'theme': 'dark'}}%%\n${SMALL_DIAGRAM}`);
    expect(themed).not.toBe(plain);
    // Element ids count up per render; everything else must be as before the themed diagram.
    const withoutIds = (text: string) => text.replace(/(render|actor|root-)\d+/g, '$1');
    const [before, after] = [withoutIds(plain), withoutIds(await svg(SMALL_DIAGRAM))];
    let at = 0;
    while (at < before.length && before[at] === after[at]) at += 1;
    // Compared around the first difference, so a failure shows what changed.
    expect(after.slice(at - 60, at + 60)).toBe(before.slice(at - 60, at + 60));
  });

  it("answers mermaid's message, with the line, for a syntax error", async () => {
    const error = await renderer
      .render({ ...base, content: 'sequenceDiagram\n    Alice->>: nobody' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(400);
    expect((error as AppError).message).toMatch(/Parse error on line 2/);
  });

  it('never fetches an address named in the diagram text', async () => {
    for (const format of ['svg', 'png'] as const) {
      // An image that cannot be loaded fails the render cleanly ("cannot be decoded").
      const outcome = await renderer
        .render({ ...base, format, content: diagramReferencing(local.url) })
        .then(
          () => 200,
          (error: unknown) => (error instanceof AppError ? error.statusCode : 500),
        );
      expect([200, 400]).toContain(outcome);
    }
    expect(local.hits()).toBe(0);
  });

  it('answers every one of 20 concurrent renders on 2 pages, or refuses it as busy', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) =>
        renderer.render({
          ...base,
          format: 'svg',
          content: `${SMALL_DIAGRAM}\n    Bob->>Alice: ${i}`,
        }),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) expect(r.reason).toBeInstanceOf(RendererBusyError);
    expect(results.length - refused.length).toBeGreaterThanOrEqual(6); // 2 pages + queue of 4
    expect((await renderer.render({ ...base, format: 'svg' })).body.length).toBeGreaterThan(0);
  });

  it('fails the render cleanly when Chromium dies under it, and relaunches for the next', async () => {
    await renderer.render(base);
    const [pid] = chromiumChildren();
    expect(pid).toBeDefined();
    const pending = renderer.render({
      ...base,
      content: `${SMALL_DIAGRAM}\n    Bob->>Alice: killed`,
    });
    process.kill(pid!, 'SIGKILL');
    const outcome = await pending.then(
      () => 'rendered',
      (error: unknown) => error,
    );
    if (outcome !== 'rendered') {
      expect(outcome).toBeInstanceOf(AppError);
      expect((outcome as AppError).statusCode).toBe(503);
    }
    const next = await renderer.render({
      ...base,
      content: `${SMALL_DIAGRAM}\n    Bob->>Alice: again`,
    });
    expect(pngStats(next.body).drawn).toBeGreaterThan(1000);
    expect(chromiumChildren()).not.toContain(pid);
  });
});

describeIf(chromiumMissing, 'renderer limits', () => {
  it('stops a render over the time limit and replaces its page', async () => {
    const renderer = createRenderer({ executablePath: chromium, cacheBytes: 0, timeoutMs: 1 });
    try {
      for (let i = 0; i < 2; i += 1) {
        const error = await renderer.render(base).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).statusCode).toBe(503);
        expect((error as AppError).message).toMatch(/took longer than/);
      }
    } finally {
      await renderer.close();
    }
    // Three pages started: each cut render answers once a new page has replaced its own.
  }, 60_000);

  it('recycles pages after a number of renders and answers the same image from the cache', async () => {
    const renderer = createRenderer({ executablePath: chromium, recycleAfter: 2, pages: 1 });
    try {
      const images = [];
      for (let i = 0; i < 5; i += 1) {
        images.push(
          await renderer.render({
            ...base,
            format: 'svg',
            content: `${SMALL_DIAGRAM}\n    A->>B: ${i}`,
          }),
        );
      }
      expect(images.every((image) => image.body.length > 0)).toBe(true);
      const again = await renderer.render({
        ...base,
        format: 'svg',
        content: `${SMALL_DIAGRAM}\n    A->>B: 4`,
      });
      expect(again).toBe(images[4]);
      expect(again.etag).toBe(
        renderer.etagOf({ ...base, format: 'svg', content: `${SMALL_DIAGRAM}\n    A->>B: 4` }),
      );
    } finally {
      await renderer.close();
    }
  });
});

describe('renderer without Chromium', () => {
  it('answers 503 saying how to provide one', async () => {
    const renderer = createRenderer({ executablePath: null });
    const error = await renderer.render(base).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(503);
    expect((error as AppError).message).toBe(NO_CHROMIUM);
    expect(NO_CHROMIUM).toContain('CHROME_PATH');
  });
});
