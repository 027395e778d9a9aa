/**
 * Sidebar benchmark (npm run bench:sidebar): a user with 5,000 diagrams in 50 folders.
 *  - GET /api/diagrams?view=summary (what the sidebar loads) next to the plain GET /api/diagrams
 *    of the same rows (the baseline): response size and time;
 *  - the sidebar in Chromium: navigation to its first rows painted, rows mounted, scrolling.
 * Diagrams hold test/fixtures/diagrams/medium.mmd, so sizes stay comparable between runs.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fixturePath } from '../../test/fixtures/diagrams';
import { ensureBuilt, startServer } from '../typing/server';
import { seed, signIn } from './api';
import { launch, measureSidebar, type BrowserRun } from './browser';

const FOLDERS = 50;
const DIAGRAMS = 5000;
const HTTP_RUNS = 20;
const BROWSER_RUNS = 5;
const CONTENT = readFileSync(fixturePath('medium.mmd'), 'utf8');

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? NaN;
};

async function timeGet(baseUrl: string, cookie: string, path: string) {
  const times: number[] = [];
  let bytes = 0;
  let rows = 0;
  for (let i = 0; i < HTTP_RUNS + 2; i += 1) {
    const start = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers: { cookie } });
    const body = await response.text();
    const elapsed = performance.now() - start;
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    if (i >= 2) times.push(elapsed); // two warm-up calls
    bytes = Buffer.byteLength(body);
    rows = (JSON.parse(body) as unknown[]).length;
  }
  return { path, rows, bytes, medianMs: median(times), p95Ms: p95(times) };
}

ensureBuilt();
const server = await startServer();
try {
  const client = await signIn(server.baseUrl, 'bench-sidebar@example.test');
  const seedStart = performance.now();
  await seed(client, { folders: FOLDERS, diagrams: DIAGRAMS, content: CONTENT });
  console.log(
    `seeded ${DIAGRAMS} diagrams in ${FOLDERS} folders in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  const full = await timeGet(server.baseUrl, client.cookie, '/api/diagrams');
  const summary = await timeGet(server.baseUrl, client.cookie, '/api/diagrams?view=summary');

  const folders = (await (
    await fetch(`${server.baseUrl}/api/folders`, { headers: { cookie: client.cookie } })
  ).json()) as { id: number }[];
  const browser = await launch();
  const runs: Record<'collapsed' | 'expanded', BrowserRun[]> = { collapsed: [], expanded: [] };
  for (let i = 0; i < BROWSER_RUNS; i += 1) {
    runs.collapsed.push(await measureSidebar(browser, server.baseUrl, client.cookie, []));
    runs.expanded.push(
      await measureSidebar(
        browser,
        server.baseUrl,
        client.cookie,
        folders.map((f) => f.id),
      ),
    );
  }
  await browser.close();
  const browserSummary = Object.fromEntries(
    Object.entries(runs).map(([name, list]) => [
      name,
      {
        firstRowsPaintedMedianMs: median(list.map((r) => r.firstRowsPaintedMs)),
        rowsMounted: list[0]!.rowsMounted,
        rowsTotal: list[0]!.rowsTotal,
        scrollFrameP95Ms: median(list.map((r) => r.scrollFrameP95Ms)),
        scrollFrameMaxMs: Math.max(...list.map((r) => r.scrollFrameMaxMs)),
      },
    ]),
  ) as Record<
    'collapsed' | 'expanded',
    {
      firstRowsPaintedMedianMs: number;
      rowsMounted: number;
      rowsTotal: number;
      scrollFrameP95Ms: number;
      scrollFrameMaxMs: number;
    }
  >;

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nList of ${summary.rows} diagrams (${HTTP_RUNS} warm calls each, median / p95):\n`);
  console.log('| call | size | time (median) | time (p95) |');
  console.log('|---|---|---|---|');
  console.log(
    `| GET /api/diagrams (baseline) | ${kb(full.bytes)} | ${ms(full.medianMs)} | ${ms(full.p95Ms)} |`,
  );
  console.log(
    `| GET /api/diagrams?view=summary | ${kb(summary.bytes)} | ${ms(summary.medianMs)} | ${ms(summary.p95Ms)} |`,
  );
  console.log(
    `| ratio (baseline / summary) | ${(full.bytes / summary.bytes).toFixed(1)}× smaller | ${(full.medianMs / summary.medianMs).toFixed(1)}× faster | ${(full.p95Ms / summary.p95Ms).toFixed(1)}× faster |`,
  );
  console.log(`\nSidebar in Chromium (1440×900, ${BROWSER_RUNS} loads each, median):\n`);
  console.log(
    '| folders | navigation → rows painted | rows in the DOM / rows in the list | scroll frame p95 / max |',
  );
  console.log('|---|---|---|---|');
  for (const [name, b] of Object.entries(browserSummary)) {
    console.log(
      `| all ${name} | ${ms(b.firstRowsPaintedMedianMs)} | ${b.rowsMounted} / ${b.rowsTotal} | ${ms(b.scrollFrameP95Ms)} / ${ms(b.scrollFrameMaxMs)} |`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/sidebar-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        folders: FOLDERS,
        diagrams: DIAGRAMS,
        http: { full, summary },
        browser: browserSummary,
      },
      null,
      2,
    ),
  );
  console.log(`\nresults: ${file}`);
} finally {
  server.stop();
}
