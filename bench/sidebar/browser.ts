/** The sidebar in Chromium: time from navigation to its rows painted, rows mounted, scrolling. */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';

export interface BrowserRun {
  /** ms from navigation start to the first frame after the sidebar's first rows appeared. */
  firstRowsPaintedMs: number;
  rowsMounted: number;
  rowsTotal: number;
  /** Frame times while scrolling the list from top to bottom, 600 px a frame. */
  scrollFrameP95Ms: number;
  scrollFrameMaxMs: number;
}

const EXPANDED_KEY = 'lifeline-sidebar-expanded-folders';

/**
 * Notes the time of the first animation frame in which a sidebar row exists: rAF callbacks run
 * right before the frame is painted, so the rows are on screen in that frame.
 */
const PROBE = `(() => {
  const seen = () => document.querySelector('[data-testid="sidebar-folder"], [data-testid="sidebar-diagram"]');
  const tick = () => { if (seen()) window.__sidebarPainted = performance.now(); else requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})();`;

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
}

export async function measureSidebar(
  browser: Browser,
  baseUrl: string,
  cookie: string,
  expandedFolders: number[],
): Promise<BrowserRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: baseUrl }]);
  await context.addInitScript(([key, open]) => window.localStorage.setItem(key, open), [
    EXPANDED_KEY,
    JSON.stringify(expandedFolders),
  ] as const);
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`, { timeout: 120_000 });
  await page.waitForFunction(
    () => typeof (window as { __sidebarPainted?: number }).__sidebarPainted === 'number',
    undefined,
    { timeout: 120_000 },
  );
  const firstRowsPaintedMs = await page.evaluate(
    () => (window as unknown as { __sidebarPainted: number }).__sidebarPainted,
  );
  const rowsMounted = await page.locator('[data-testid="sidebar-list"] [data-drop]').count();
  const rowsTotal = await page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="sidebar-list"]');
    const inner = list?.firstElementChild as HTMLElement | null;
    return inner ? Math.round(inner.offsetHeight / 32) : 0;
  });
  const frames = await page.evaluate(async () => {
    const list = document.querySelector<HTMLElement>('[data-testid="sidebar-list"]');
    if (!list) return [];
    const times: number[] = [];
    let last = performance.now();
    while (list.scrollTop + list.clientHeight < list.scrollHeight - 1) {
      list.scrollTop += 600;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const now = performance.now();
      times.push(now - last);
      last = now;
    }
    return times;
  });
  await context.close();
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    firstRowsPaintedMs,
    rowsMounted,
    rowsTotal,
    scrollFrameP95Ms: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? 0,
    scrollFrameMaxMs: sorted.at(-1) ?? 0,
  };
}
