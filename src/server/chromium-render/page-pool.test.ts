/** The page pool on a real Chromium: when a warm page is kept for the next render, and when not. */
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { findChromium } from './chromium.js';
import { PagePool } from './page-pool.js';
import { describeIf } from '../../../test/support/needs.js';

const chromium = findChromium();
const chromiumMissing = chromium ? null : 'no Chromium found (install chromium or set CHROME_PATH)';
const HEAP_LIMIT_MB = 32;

/** Fills the page's script heap with arrays of doubles, about `mb` megabytes, kept as `junk`. */
const fill = (page: Page, mb: number) =>
  page.evaluate((megabytes) => {
    const junk: number[][] = [];
    for (let i = 0; i < megabytes; i += 1) junk.push(new Array<number>(131_072).fill(i + 0.5));
    (globalThis as unknown as { junk: unknown }).junk = junk;
  }, mb);

const usedMb = async (page: Page) => {
  const devtools = await page.context().newCDPSession(page);
  const { usedSize } = await devtools.send('Runtime.getHeapUsage');
  await devtools.detach();
  return usedSize / 1024 / 1024;
};

describeIf(chromiumMissing, 'page pool on a real Chromium', () => {
  let pool: PagePool | null = null;
  const open = (recycleAfter = 1000, { pages = 1, timeoutMs = 30_000 } = {}) =>
    (pool = new PagePool({
      executablePath: chromium!,
      pages,
      queue: 0,
      timeoutMs,
      recycleAfter,
      heapLimitMb: HEAP_LIMIT_MB,
      heapCheckEvery: 1,
    }));
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('keeps a page whose heap is over its limit only with garbage', async () => {
    const pages = open();
    const first = await pages.use('a', null, async (page) => {
      await fill(page, 2 * HEAP_LIMIT_MB);
      await page.evaluate(() => ((globalThis as unknown as { junk: unknown }).junk = null));
      // Not yet collected: the pool must collect before it judges.
      expect(await usedMb(page)).toBeGreaterThan(HEAP_LIMIT_MB);
      return page;
    });
    const second = await pages.use('a', null, async (page) => page);
    expect(second).toBe(first);
    expect(first.isClosed()).toBe(false);
  });

  it('replaces a page whose heap stays over its limit', async () => {
    const pages = open();
    const first = await pages.use('a', null, async (page) => {
      await fill(page, 2 * HEAP_LIMIT_MB);
      return page;
    });
    const second = await pages.use('a', null, async (page) => page);
    expect(second).not.toBe(first);
    await expect.poll(() => first.isClosed()).toBe(true);
    // The new page is the render page, warm and small.
    expect(await second.evaluate(() => typeof (globalThis as { mermaid?: unknown }).mermaid)).toBe(
      'object',
    );
    expect(await usedMb(second)).toBeLessThan(HEAP_LIMIT_MB);
  });

  it("keeps a page after the diagram's own error, and replaces it after the renderer's", async () => {
    const pages = open();
    const failOn = async (status: number) => {
      let used: Page | null = null;
      const outcome = await pages
        .use('a', null, async (page) => {
          used = page;
          throw new AppError(status, 'failed');
        })
        .catch((error: unknown) => error);
      expect(outcome).toBeInstanceOf(AppError);
      return used!;
    };
    const first = await failOn(400);
    expect(await pages.use('a', null, async (page) => page)).toBe(first);
    const second = await failOn(503);
    expect(second).toBe(first);
    expect(await pages.use('a', null, async (page) => page)).not.toBe(first);
  });

  it('replaces a page after its number of uses, however small its heap', async () => {
    const pages = open(2);
    const seen: Page[] = [];
    for (let i = 0; i < 3; i += 1) seen.push(await pages.use('a', null, async (page) => page));
    expect(seen[1]).toBe(seen[0]);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it("ends a cut render's renderer process at once and answers once a warm page replaces it", async () => {
    const pages = open(1000, { timeoutMs: 1_000 });
    let crashed = false;
    let cutPage: Page | null = null;
    const outcome = await pages
      .use('slow', null, async (page) => {
        cutPage = page;
        page.once('crash', () => (crashed = true));
        await page.evaluate('for (;;) {}');
      })
      .catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).statusCode).toBe(503);
    // The process was crashed, not left running until the page's close reached it.
    expect(crashed).toBe(true);
    // Its caller left with a new warm page in place: the next render does not make one.
    expect(pages.idlePages()).toBe(1);
    const next = await pages.use('slow', null, async (page) => page);
    expect(next).not.toBe(cutPage);
    expect(await next.evaluate(() => typeof (globalThis as { mermaid?: unknown }).mermaid)).toBe(
      'object',
    );
  }, 90_000);

  it('makes a second warm page in the background after the first render', async () => {
    const pages = open(1000, { pages: 2 });
    const first = await pages.use('a', null, async (page) => page);
    // A second caller then finds a warm page instead of waiting for a new one.
    await expect.poll(() => pages.idlePages(), { timeout: 60_000 }).toBe(2);
    const [one, two] = await Promise.all([
      pages.use('a', null, async (page) => page),
      pages.use('b', null, async (page) => page),
    ]);
    expect(new Set([one, two]).size).toBe(2);
    expect([one, two]).toContain(first);
  }, 90_000);
});
