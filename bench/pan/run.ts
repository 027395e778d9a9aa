/**
 * Pan/zoom benchmark (npm run bench:pan): frame times while dragging, wheel-zooming and
 * Alt+wheel-panning the 600-message diagram — Lifeline (one CSS transform per frame) against a
 * baseline in the same run that re-lays out the SVG on every step (its width/height and position
 * change instead of a transform: /try?pan=layout).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures/diagrams';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { ensureBuilt, startServer } from '../typing/server';
import { measurePass, type PassResult } from './measure';

const DIAGRAM_PATH = process.env.LIFELINE_LARGE_DIAGRAM ?? fixturePath('large.mmd');
const FRAME_BUDGET_MS = 1000 / 60;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function summarise(pass: PassResult) {
  const sorted = [...pass.deltasMs].sort((a, b) => a - b);
  const total = pass.deltasMs.reduce((sum, delta) => sum + delta, 0);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    frames: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted.at(-1) ?? 0),
    fps: round(total > 0 ? (1000 * sorted.length) / total : 0),
    // Frames that took longer than two 60 Hz vsyncs: visible stutter.
    longFramesPct: round(
      (100 * sorted.filter((delta) => delta > 2 * FRAME_BUDGET_MS).length) /
        Math.max(1, sorted.length),
    ),
    interactionMs: pass.interactionMs,
  };
}

async function main() {
  ensureBuilt();
  const diagram = readFileSync(DIAGRAM_PATH, 'utf8');
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH)');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const base = `${server.baseUrl}/try`;
    const ours = await measurePass(browser, 'lifeline (CSS transform)', base, diagram);
    const baseline = await measurePass(
      browser,
      'baseline (re-layout)',
      `${base}?pan=layout`,
      diagram,
    );
    const a = summarise(ours);
    const b = summarise(baseline);
    const ratio = (x: number, y: number) => (x > 0 ? `${(y / x).toFixed(1)}×` : 'n/a');
    console.log(`large.mmd (${diagram.length} chars), ${ours.inputEvents} input events per pass\n`);
    console.log(
      '| frame time while panning/zooming | Lifeline (transform) | baseline (re-layout) | baseline ÷ Lifeline |',
    );
    console.log('|---|---|---|---|');
    console.log(`| median frame | ${a.p50Ms} ms | ${b.p50Ms} ms | ${ratio(a.p50Ms, b.p50Ms)} |`);
    console.log(`| p95 frame | ${a.p95Ms} ms | ${b.p95Ms} ms | ${ratio(a.p95Ms, b.p95Ms)} |`);
    console.log(`| worst frame | ${a.maxMs} ms | ${b.maxMs} ms | ${ratio(a.maxMs, b.maxMs)} |`);
    console.log(`| frames > 33 ms | ${a.longFramesPct}% | ${b.longFramesPct}% | |`);
    console.log(`| frame rate | ${a.fps} fps | ${b.fps} fps | |`);
    console.log(
      `| scripted input took | ${a.interactionMs} ms | ${b.interactionMs} ms | ${ratio(a.interactionMs, b.interactionMs)} |`,
    );
    mkdirSync('bench/results', { recursive: true });
    const file = `bench/results/pan-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    const result = {
      date: new Date().toISOString(),
      chromium: browser.version(),
      args: CHROMIUM_ARGS,
    };
    writeFileSync(
      file,
      JSON.stringify(
        {
          ...result,
          diagram: DIAGRAM_PATH,
          summaries: { ours: a, baseline: b },
          runs: { ours, baseline },
        },
        null,
        2,
      ),
    );
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
