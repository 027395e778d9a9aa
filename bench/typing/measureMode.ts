/** One benchmark pass: load the large diagram into /try, type at a fixed cadence, collect. */
import type { Browser, Page } from 'playwright-core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keyBreakdown, type Breakdown } from './keyPath';

const PROBE = fileURLToPath(new URL('./probe.js', import.meta.url));
const REACT_RENDERS = fileURLToPath(new URL('../../e2e/support/react-renders.js', import.meta.url));
/** The pause between the first drawing and the first key. */
const SETTLE_MS = 1_000;
/** What the breakdown's trace records: the timeline's events and the V8 sampling profiler. */
const BREAKDOWN_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  // The script stack that forced a style or layout update early (a read of layout).
  'disabled-by-default-devtools.timeline.stack',
  'toplevel',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

export interface ModeRun {
  label: string;
  url: string;
  /** Keystroke-to-paint of every key, in ms. */
  latenciesMs: number[];
  /** Per key, the frames that ran after it arrived without showing it (0: the first frame). */
  framesMissed: number[];
  lastKeyToPreviewMs: number;
  /** Longest main-thread stall while the 600-message diagram was first drawn. */
  mainThreadMaxStallMs: number;
  firstRenderMs: number;
  /** The longest gap between two keys as the page received them (the schedule says 120 ms). */
  longestKeyGapMs: number;
  /** Whether Chromium ran the render frame as an out-of-process iframe (null: no frame). */
  frameOutOfProcess: boolean | null;
  /** Each key's main-thread time by bucket (a traced pass only, see keyPath.ts). */
  breakdown?: Breakdown;
  /** React components rendered while typing, by screen part and name (a traced pass only). */
  reactRenders?: { commits: number; renders: Record<string, number> };
}

interface ProbeResult {
  latencies: number[];
  framesMissed: number[];
  keydowns: number[];
  lastKeyAt: number | null;
  previewShownAt: number | null;
}

async function waitForShownLength(page: Page, length: number, timeout: number) {
  await page.waitForFunction(
    (expected) => {
      const data = document.querySelector<HTMLElement>('[data-testid="preview"]')?.dataset;
      return data?.status === 'ok' && Number(data.shownLength) === expected;
    },
    length,
    { timeout },
  );
}

async function frameIsOutOfProcess(browser: Browser): Promise<boolean> {
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = (await cdp.send('Target.getTargets')) as {
    targetInfos: { type: string; url: string }[];
  };
  await cdp.detach();
  return targetInfos.some(
    (target) => target.type === 'iframe' && target.url.endsWith('/frame.html'),
  );
}

/** What the page shows, for a useful message when a run does not finish. */
function pageState(page: Page, diagram: string) {
  return page.evaluate((length) => {
    const text = window.__lifelineEditor?.getText() ?? '';
    const preview = document.querySelector<HTMLElement>('[data-testid="preview"]');
    return {
      expectedLength: length,
      editorLength: text.length,
      editorTail: text.slice(-160),
      preview: { ...preview?.dataset },
      latencies: window.__typingProbe.latencies.length,
    };
  }, diagram.length);
}

const sleepUntil = (time: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, time - performance.now())));

export async function measureMode(
  browser: Browser,
  label: string,
  url: string,
  diagram: string,
  typed: string,
  intervalMs: number,
  /** Trace the typing and split each key's time (the trace's profiler slows the page a little). */
  traced = false,
): Promise<ModeRun> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ path: PROBE });
  if (traced) await context.addInitScript({ path: REACT_RENDERS });
  const page = await context.newPage();
  try {
    // Signed in (local sign-in of a server without an OIDC issuer), so the signed-out
    // 'Save Your Work' prompt, which opens every 5 edits and takes focus, stays out of the way.
    const origin = new URL(url).origin;
    await context.request.post(`${origin}/auth/local`, {
      form: { name: 'Bench', email: 'bench@example.test', redirect: '/try' },
      headers: { origin },
      maxRedirects: 0,
    });
    await page.goto(url);
    await page.waitForFunction(() => Boolean(window.__lifelineEditor), null, { timeout: 60_000 });
    await page.waitForSelector('[data-testid="preview"][data-status="ok"]', { timeout: 60_000 });

    const loadStarted = await page.evaluate((text) => {
      window.__typingProbe.startGaps();
      window.__lifelineEditor?.setText(text);
      return performance.now();
    }, diagram);
    await waitForShownLength(page, diagram.length, 180_000);
    const { stall, loaded } = await page.evaluate(() => ({
      stall: window.__typingProbe.stopGaps(),
      loaded: performance.now(),
    }));

    // A moment to read the drawing, as a person does before typing: the frame finishes what it
    // does after showing a drawing (the pinned headers, sanitizing the markup for Export).
    await page.waitForTimeout(SETTLE_MS);

    // The caret goes to the end of the last message's label ("…message 600 payload=866722").
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('End');
    await page.evaluate(
      (length) => window.__typingProbe.arm(length),
      diagram.length + typed.length,
    );
    if (traced) await page.evaluate(() => window.__reactRenders.start());

    // BENCH_PROFILE=dir: the editor page's CPU profile of the typing, for Chromium's DevTools.
    const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.start');
    }
    // BENCH_TRACE=dir: a Chromium trace of the typing (every process), for DevTools' Performance.
    const traceFile = process.env.BENCH_TRACE
      ? join(process.env.BENCH_TRACE, `typing-${label}${traced ? '-traced' : ''}.trace.json`)
      : null;
    if (traceFile || traced)
      await browser.startTracing(page, {
        ...(traceFile ? { path: traceFile } : {}),
        screenshots: false,
        categories: traced ? BREAKDOWN_CATEGORIES : ['devtools.timeline', 'blink', 'cc', 'viz'],
      });

    // A person keeps typing whether or not the page keeps up: keys are sent on a fixed
    // schedule without waiting for the previous one to be handled.
    const start = performance.now();
    const presses: Promise<void>[] = [];
    for (const [index, char] of [...typed].entries()) {
      await sleepUntil(start + index * intervalMs);
      presses.push(page.keyboard.press(char));
    }
    await Promise.all(presses);
    await page
      .waitForFunction(
        (count) =>
          window.__typingProbe.previewShownAt !== null &&
          window.__typingProbe.latencies.length >= count,
        typed.length,
        { timeout: Number(process.env.BENCH_TIMEOUT_MS ?? 180_000) },
      )
      .catch(async (error: unknown) => {
        console.error(`${label}: gave up waiting; page state:`, await pageState(page, diagram));
        throw error;
      });
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      const file = join(process.env.BENCH_PROFILE ?? '.', `typing-${label}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      console.log(`${label}: CPU profile of the typing in ${file}`);
    }
    const reactRenders = traced
      ? await page.evaluate(() => window.__reactRenders.stop())
      : undefined;
    const trace = traceFile || traced ? await browser.stopTracing() : null;
    if (traceFile) console.log(`${label}: trace of the typing in ${traceFile}`);
    const breakdown =
      traced && trace
        ? keyBreakdown(trace.toString('utf8'), 'dist-bench/client/assets')
        : undefined;
    const probe = await page.evaluate((): ProbeResult => window.__typingProbe);
    return {
      label,
      url,
      latenciesMs: probe.latencies,
      framesMissed: probe.framesMissed,
      lastKeyToPreviewMs: (probe.previewShownAt ?? NaN) - (probe.lastKeyAt ?? NaN),
      mainThreadMaxStallMs: stall,
      firstRenderMs: loaded - loadStarted,
      longestKeyGapMs: Math.max(...probe.keydowns.slice(1).map((at, i) => at - probe.keydowns[i]!)),
      frameOutOfProcess: url.includes('preview=inline') ? null : await frameIsOutOfProcess(browser),
      ...(breakdown ? { breakdown } : {}),
      ...(reactRenders ? { reactRenders } : {}),
    };
  } finally {
    await context.close();
  }
}
