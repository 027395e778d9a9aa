/**
 * Typing benchmark (npm run bench:typing): with the 600-message diagram in the editor, how long
 * from a keystroke to its paint, and from the last keystroke to the updated preview — for
 * Lifeline (render in the sandboxed frame) and a baseline rendering mermaid on the editor's main
 * thread as mermaid.live does (the diagnostic mode /try?preview=inline), in the same run. The
 * preview's times are also given as ratios to one stock mermaid render of the same text.
 */
import { readFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures/diagrams';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { printLoadTable, typingUnderLoad } from './loadMatrix';
import { printBreakdown, printReactRenders } from './keyPath';
import { measureMode } from './measureMode';
import { median, printTable, summarise, writeResults } from './report';
import { ensureBuilt, startServer } from './server';
import { printPasses, printStockRatios } from './stockRatios';
import { stockRenderTimes } from './stockRender';

// The fixture diagrams live in test/fixtures.
const DIAGRAM_PATH = process.env.LIFELINE_LARGE_DIAGRAM ?? fixturePath('large.mmd');
const TYPED = ' the quick brown fox jumps over a lazy dog, then r'; // 50 characters
const INTERVAL_MS = 120; // ~100 words a minute
/**
 * Lifeline's typing passes, each in a fresh editor: the goals are read off all their keys and
 * the median pass (one pass's first drawing or last key is one sample of a noisy machine). The
 * baseline, only a comparison column, types once.
 */
const PASSES = Math.max(1, Number(process.env.BENCH_PASSES ?? 3));

async function main() {
  ensureBuilt();
  const diagram = readFileSync(DIAGRAM_PATH, 'utf8');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH)');
  const server = await startServer();
  // BENCH_CHROMIUM_ARGS adds flags, e.g. --disable-features=IsolateSandboxedIframes to see the
  // render frame share the editor's process (as in browsers without that isolation).
  const extraArgs = process.env.BENCH_CHROMIUM_ARGS?.split(' ').filter(Boolean) ?? [];
  const browser = await chromium.launch({ executablePath, args: [...CHROMIUM_ARGS, ...extraArgs] });
  try {
    const base = `${server.baseUrl}/try`;
    console.log(
      `large.mmd: ${diagram.length} characters; typing ${TYPED.length} keys every ${INTERVAL_MS} ms`,
    );
    const stockTimes = await stockRenderTimes(browser, diagram);
    const ours = [];
    for (let pass = 0; pass < PASSES; pass++) {
      ours.push(await measureMode(browser, 'lifeline', base, diagram, TYPED, INTERVAL_MS));
    }
    // One more pass, traced, for where each key's time goes (not pooled with the timed passes:
    // the trace's sampling profiler slows the page). BENCH_BREAKDOWN=0 leaves it out.
    const traced =
      process.env.BENCH_BREAKDOWN === '0'
        ? null
        : await measureMode(browser, 'lifeline', base, diagram, TYPED, INTERVAL_MS, true);
    stockTimes.push(...(await stockRenderTimes(browser, diagram)));
    const stockMs = median(stockTimes);
    const baseline = await measureMode(
      browser,
      'baseline',
      `${base}?preview=inline`,
      diagram,
      TYPED,
      INTERVAL_MS,
    );
    const summaries = { ours: summarise(ours), baseline: summarise([baseline]) };
    printTable(summaries.ours, summaries.baseline);
    printStockRatios(summaries.ours, stockMs, ours);
    printPasses(ours, stockMs);
    if (traced?.breakdown) printBreakdown(traced.breakdown);
    if (traced?.reactRenders) printReactRenders(traced.reactRenders, TYPED.length);
    // BENCH_LOAD=0 leaves out the runs at 200 messages and with a busy core.
    const underLoad =
      process.env.BENCH_LOAD === '0'
        ? []
        : await typingUnderLoad(browser, base, diagram, TYPED, INTERVAL_MS);
    if (underLoad.length > 0) printLoadTable(underLoad);
    const file = writeResults({
      date: new Date().toISOString(),
      chromium: browser.version(),
      extraArgs,
      diagram: { path: DIAGRAM_PATH, characters: diagram.length },
      typed: TYPED.length,
      intervalMs: INTERVAL_MS,
      summaries,
      stockRenderMs: stockMs,
      stockRenderTimesMs: stockTimes,
      runs: { ours, baseline },
      breakdown: traced?.breakdown,
      underLoad,
    });
    console.log(`\nresults: ${file}`);
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
