/**
 * First-drawing benchmark (npm run bench:first-drawing): how long after navigation a visitor
 * first sees the 600-message diagram (large.mmd), on the shared page /d/{token} and in the
 * owner's editor, in the same run. The shared page shows the server's drawing while its own
 * renderer loads; its baseline is the same page with that drawing refused, which must wait for
 * the renderer in the browser (as the page did before). Each pass is a fresh browser context
 * (an empty HTTP cache). Publishing has the server draw the page's images in the background;
 * the passes start once that is done, as a link is opened some time after it is shared.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, request, type Browser } from 'playwright-core';
import { readFixture } from '../../test/fixtures/diagrams';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { PREVIEW_TESTIDS } from '../../src/client/features/preview/testIds';
import { startBenchServer } from '../support/server';

const ENTRY = 'dist/node/server/main.js';
const PASSES = Math.max(2, Number(process.env.BENCH_PASSES ?? 5));

type Mode = 'shared' | 'shared-baseline' | 'editor';

/**
 * Records, in the page, when a drawing first shows: the server's image, or the frame's own.
 * Plain script text: a compiled function would carry the bundler's helpers into the page.
 */
const WATCH_FIRST_DRAWING = `(() => {
  const check = () => {
    const image = document.querySelector('[data-testid="${PREVIEW_TESTIDS.serverDrawing}"]');
    const root = document.querySelector('[data-testid="${PREVIEW_TESTIDS.root}"]');
    const seq = root ? root.getAttribute('data-seq') : null;
    if (image && image.complete && image.naturalWidth > 0 && getComputedStyle(image).visibility !== 'hidden') {
      window.__firstDrawingBy = 'server';
    } else if (seq !== null && seq !== '0') {
      window.__firstDrawingBy = 'frame';
    } else {
      requestAnimationFrame(check);
      return;
    }
    window.__firstDrawingMs = performance.now();
  };
  requestAnimationFrame(check);
})();`;

async function firstDrawing(
  browser: Browser,
  url: string,
  mode: Mode,
  storageState?: Awaited<
    ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>
  >,
): Promise<{ ms: number; by: string }> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(storageState ? { storageState } : {}),
  });
  try {
    const page = await context.newPage();
    if (mode === 'shared-baseline') {
      await page.route(/\/d\/[^/]+\.svg\?theme=/, (route) => route.abort());
    }
    await page.addInitScript({ content: WATCH_FIRST_DRAWING });
    await page.goto(url);
    await page.waitForFunction(
      () => (window as { __firstDrawingMs?: number }).__firstDrawingMs,
      null,
      {
        timeout: 120_000,
        polling: 50,
      },
    );
    return await page.evaluate(() => {
      const scope = window as unknown as { __firstDrawingMs: number; __firstDrawingBy: string };
      return { ms: scope.__firstDrawingMs, by: scope.__firstDrawingBy };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

async function main() {
  if (!existsSync(ENTRY) || process.env.BENCH_REUSE_BUILD !== '1') {
    console.log('Building the app (npm run build)…');
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) {
      throw new Error('npm run build failed');
    }
  }
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH)');
  const server = await startBenchServer({ entry: ENTRY });
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const api = await request.newContext({ baseURL: server.baseUrl });
    const signIn = await api.post('/auth/local', {
      form: { name: 'Bench Owner', email: 'bench-owner@example.test', redirect: '/' },
      maxRedirects: 0,
    });
    if (signIn.status() !== 303) throw new Error(`sign-in answered ${signIn.status()}`);
    const content = readFixture('large.mmd');
    const created = await api.post('/api/diagrams', { data: { title: 'Large', content } });
    const { id } = (await created.json()) as { id: number };
    const shared = await api.put(`/api/diagrams/${id}`, { data: { isPublic: true } });
    const { shareToken } = (await shared.json()) as { shareToken: string };
    // Asking for the image waits for the drawing publishing started (or draws it).
    for (const theme of ['light', 'dark']) {
      await api.get(`/d/${shareToken}.svg?theme=${theme}`, { timeout: 120_000 });
    }
    const owner = await api.storageState();
    await api.dispose();

    console.log(`large.mmd: ${content.length} characters; ${PASSES} passes per mode, 1440×900`);
    const urls: Record<Mode, string> = {
      shared: `${server.baseUrl}/d/${shareToken}`,
      'shared-baseline': `${server.baseUrl}/d/${shareToken}`,
      editor: `${server.baseUrl}/?diagramId=${id}`,
    };
    const times: Record<Mode, number[]> = { shared: [], 'shared-baseline': [], editor: [] };
    // Interleaved, so a slow moment of the machine falls on every mode alike.
    for (let pass = 0; pass < PASSES; pass++) {
      for (const mode of ['shared', 'shared-baseline', 'editor'] as const) {
        const result = await firstDrawing(
          browser,
          urls[mode],
          mode,
          mode === 'editor' ? owner : undefined,
        );
        times[mode].push(result.ms);
        if (mode === 'shared' && result.by !== 'server') {
          console.log(`  pass ${pass + 1}: the frame drew before the server's image arrived`);
        }
      }
    }
    const baseline = median(times['shared-baseline']);
    const row = (label: string, ms: number) =>
      `${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms   ×${(ms / baseline).toFixed(2)}`;
    console.log('\nnavigation → first drawing on screen (median; ratio to the baseline)');
    console.log(row("shared page, the server's drawing first", median(times.shared)));
    console.log(row('baseline: shared page, renderer in the browser only', baseline));
    console.log(row("owner's editor (renderer in the browser)", median(times.editor)));
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
