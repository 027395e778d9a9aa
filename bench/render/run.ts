/**
 * Render benchmark (npm run bench:render), one run, same inputs for every contender:
 *  (a) mermaid.render inside a warm page — the floor;
 *  (b) Lifeline's POST /api/v1/convert end to end over HTTP, SVG and PNG, warm, cache off;
 *  (c) the same request answered from the cache;
 *  (d) the mermaid CLI (mmdc), one process per diagram, on the same system Chromium;
 * plus concurrent throughput on the default pool of 2 pages and server memory over 2,000 renders,
 * all against stock mermaid (unpatched, same version) rendering in-page in the same run.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mermaidConfig } from '../../src/shared/mermaid-config';
import { CHROMIUM_ARGS, findChromium } from '../../src/server/chromium-render/chromium';
import { PagePool } from '../../src/server/chromium-render/page-pool';
import { startRenderServer, type RenderServer } from './start';
import { fmt, ms, summarise, timeEach, treeRssMb, type ProcessKind, type Summary } from './stats';
import { stockVersusPatched } from './stock';

import { FIXTURES_DIR } from '../../test/fixtures/diagrams';
const NAMES = ['small', 'medium', 'large', 'flow'] as const;
type Name = (typeof NAMES)[number];
const RUNS: Record<Name, number> = { small: 40, medium: 10, large: 3, flow: 40 };
const CLI_RUNS: Record<Name, number> = { small: 3, medium: 1, large: 1, flow: 3 };
const MEMORY_RENDERS = 2000;
const MEMORY_SETTLE_MS = 3000;
const CLIENTS = 4;
/** Throughput bursts, each between two measurements of the in-page limit (odd: a median). */
const THROUGHPUT_ROUNDS = 3;

const chromium = findChromium();
if (!chromium) throw new Error('No Chromium found: set CHROME_PATH');
const diagrams = Object.fromEntries(
  NAMES.map((name) => [name, readFileSync(join(FIXTURES_DIR, `${name}.mmd`), 'utf8')]),
) as Record<Name, string>;

interface Memory {
  node: number;
  chromium: number;
  byKind: ReturnType<typeof treeRssMb>['byKind'];
}

interface Server extends RenderServer {
  memory(): Promise<Memory>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  // A loaded machine must not turn slow renders into timeouts mid-measurement.
  const started = await startRenderServer({ RENDER_TIMEOUT_MS: '120000', ...env }, ['--expose-gc']);
  const { child } = started;
  return {
    ...started,
    memory: async () => {
      // Pages are recycled every few hundred renders: a closed page's renderer process takes
      // a moment to exit, and counted beside its successor it would read as growth.
      await new Promise((resolve) => setTimeout(resolve, MEMORY_SETTLE_MS));
      return new Promise((done) => {
        child.once('message', () => {
          const tree = treeRssMb(child.pid!);
          done({ node: tree.self, chromium: tree.children, byKind: tree.byKind });
        });
        child.send('memory');
      });
    },
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.send('stop');
      }),
  };
}

// Kept-alive connections, as an API client reusing its connection would: the figures are the
// server's, not a new TCP handshake's.
const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });

function convert(server: Server, body: object, token = server.token): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/v1/convert',
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const answer = Buffer.concat(chunks);
          if (response.statusCode === 200) resolve(answer.byteLength);
          else reject(new Error(`convert answered ${response.statusCode}: ${answer}`));
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

type PageMermaid = {
  initialize(config: object): void;
  /** `svg` is the sanitized markup: the patched mermaid sanitizes it when it is first read. */
  render(id: string, text: string): Promise<{ svg: string }>;
};

/**
 * (a): mermaid.render alone, timed inside the page. The benchmark brings its own timing code:
 * the render pages the server serves hold only what the server calls.
 */
async function inPageFloor(): Promise<Record<Name, Summary>> {
  const pool = new PagePool({
    executablePath: chromium!,
    pages: 1,
    queue: 0,
    timeoutMs: 120_000,
    recycleAfter: Number.MAX_SAFE_INTEGER,
    heapLimitMb: Number.MAX_SAFE_INTEGER,
    heapCheckEvery: Number.MAX_SAFE_INTEGER,
  });
  const result = {} as Record<Name, Summary>;
  let sequence = 0;
  try {
    for (const name of NAMES) {
      result[name] = await pool.use('bench', { width: 1200, height: 630 }, async (page) => {
        // Configured once, as the page's own render does while the settings stay the same.
        await page.evaluate(
          (config) =>
            (globalThis as unknown as { mermaid: PageMermaid }).mermaid.initialize(config),
          mermaidConfig('neutral') as object,
        );
        const once = () =>
          page.evaluate(
            async ([content, id]) => {
              const { mermaid } = globalThis as unknown as { mermaid: PageMermaid };
              const started = performance.now();
              const { svg } = await mermaid.render(`bench${id}`, content);
              if (!svg) throw new Error('mermaid drew nothing');
              return performance.now() - started;
            },
            [diagrams[name], (sequence += 1)] as const,
          );
        for (let i = 0; i < 3; i += 1) await once();
        const samples: number[] = [];
        for (let i = 0; i < RUNS[name]; i += 1) samples.push(await once());
        return summarise(samples);
      });
    }
  } finally {
    await pool.close();
  }
  return result;
}

/**
 * Two warm pages' in-page limit, measured: both pages render the throughput burst's unique small
 * diagrams in-page at the same time, as the server's two pages do. (Twice one page's rate
 * assumes two idle cores; on two cores the pages share them with each other and the browser.)
 */
async function twoPagesInPage(total: number, body: (i: number) => string): Promise<number> {
  const pool = new PagePool({
    executablePath: chromium!,
    pages: 2,
    queue: 2,
    timeoutMs: 120_000,
    recycleAfter: Number.MAX_SAFE_INTEGER,
    heapLimitMb: Number.MAX_SAFE_INTEGER,
    heapCheckEvery: Number.MAX_SAFE_INTEGER,
  });
  try {
    let next = 0;
    let warmed = 0;
    let go: () => void = () => {};
    const start = new Promise<void>((resolve) => (go = resolve));
    const loops = [0, 1].map((page) =>
      // One caller per page, as two clients' requests would be (the pool shares pages fairly).
      pool.use(`bench-${page}`, { width: 1200, height: 630 }, async (handle) => {
        await handle.evaluate(
          (config) =>
            (globalThis as unknown as { mermaid: PageMermaid }).mermaid.initialize(config),
          mermaidConfig('neutral') as object,
        );
        const once = (i: number) =>
          handle.evaluate(
            async ([content, id]) => {
              const { mermaid } = globalThis as unknown as { mermaid: PageMermaid };
              const { svg } = await mermaid.render(`limit${id}`, content);
              if (!svg) throw new Error('mermaid drew nothing');
            },
            [body(i), i] as const,
          );
        for (let i = 0; i < 10; i += 1) await once(-1 - i - page * 10);
        warmed += 1;
        await start;
        while (next < total) await once(next++);
      }),
    );
    while (warmed < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    go();
    await Promise.all(loops);
    return (total / (performance.now() - started)) * 1000;
  } finally {
    await pool.close();
  }
}

/** (d): one mmdc process per diagram, SVG, on the same Chromium and flags. */
function mermaidCli(): Record<Name, Summary> {
  const dir = mkdtempSync(join(tmpdir(), 'lifeline-mmdc-'));
  const puppeteerConfig = join(dir, 'puppeteer.json');
  writeFileSync(puppeteerConfig, JSON.stringify({ executablePath: chromium, args: CHROMIUM_ARGS }));
  const result = {} as Record<Name, Summary>;
  for (const name of NAMES) {
    const samples: number[] = [];
    for (let i = 0; i < CLI_RUNS[name]; i += 1) {
      const started = performance.now();
      const run = spawnSync(
        'node_modules/.bin/mmdc',
        [
          '-q',
          '-t',
          'neutral',
          '-p',
          puppeteerConfig,
          '-i',
          join(FIXTURES_DIR, `${name}.mmd`),
          '-o',
          join(dir, `${name}.svg`),
        ],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`mmdc failed on ${name}: ${run.stderr}`);
      samples.push(performance.now() - started);
    }
    result[name] = summarise(samples);
  }
  return result;
}

/**
 * Renders `total` unique diagrams with CLIENTS clients at once, each with its own user's token
 * (or all with the first user's when `oneUser`); answers renders per second.
 */
async function burst(
  server: Server,
  total: number,
  body: (i: number) => object,
  oneUser = false,
): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const token = oneUser ? server.token : server.tokens[client % server.tokens.length];
      while (next < total) await convert(server, body(next++), token);
    }),
  );
  return (total / (performance.now() - started)) * 1000;
}

async function main() {
  const started = Date.now();
  const loadBefore = loadavg()[0]!;
  console.log(`Chromium ${chromium}; diagrams from ${FIXTURES_DIR}; load ${loadBefore.toFixed(1)}`);
  console.log('(s) stock against patched mermaid, in-page…');
  const versus = await stockVersusPatched({ medium: diagrams.medium, large: diagrams.large }, 7);
  console.log('(a) in-page mermaid.render…');
  const floor = await inPageFloor();

  console.log('(b) POST /api/v1/convert, cache off…');
  const cold = await startServer({ RENDER_CACHE_MB: '0', RENDER_PAGES: '2' });
  const e2e = { svg: {} as Record<Name, Summary>, png: {} as Record<Name, Summary> };
  for (const name of NAMES) {
    for (const format of ['svg', 'png'] as const) {
      e2e[format][name] = await timeEach(RUNS[name], 3, () =>
        convert(cold, { content: diagrams[name], format }),
      );
    }
  }
  console.log('    throughput and memory…');
  const unique = (i: number, format = 'svg') => ({
    content: `${diagrams.small}\n    Bob->>Alice: message ${i}`,
    format,
  });
  await burst(cold, 20, (i) => unique(-i));
  // Each burst is bracketed by the baseline, measured just before and just after it: the
  // machine's pace drifts over a run (the two-page limit read anywhere from 126 to 193/s at one
  // run's end). The goal is read off the median of THROUGHPUT_ROUNDS such ratios, as one burst's
  // ratio swung from 77% to 89% between runs of the same code within the hour.
  const limits = [await twoPagesInPage(300, (i) => unique(20_000 + i).content)];
  const bursts: number[] = [];
  for (let round = 0; round < THROUGHPUT_ROUNDS; round += 1) {
    bursts.push(await burst(cold, 300, (i) => unique(40_000 + round * 1000 + i)));
    limits.push(await twoPagesInPage(300, (i) => unique(50_000 + round * 1000 + i).content));
  }
  const roundRatios = bursts.map((rate, i) => rate / ((limits[i]! + limits[i + 1]!) / 2));
  const medianRound = [...roundRatios.keys()].sort((a, b) => roundRatios[a]! - roundRatios[b]!)[
    Math.floor(THROUGHPUT_ROUNDS / 2)
  ]!;
  const throughput = bursts[medianRound]!;
  const [limitBefore, limitAfter] = [limits[medianRound]!, limits[medianRound + 1]!];
  const pageLimit = (limitBefore + limitAfter) / 2;
  const oneUserThroughput = await burst(cold, 300, (i) => unique(500 + i), true);
  // A quarter of the same mix first: the first PNG screenshots on both pages grow Chromium's
  // raster memory once (about 400 MB on this machine), which is a working set, not a leak.
  const mixed = (offset: number) => (i: number) => unique(offset + i, i % 4 === 3 ? 'png' : 'svg');
  await burst(cold, MEMORY_RENDERS / 4, mixed(10_000));
  const memoryBefore = await cold.memory();
  // Sampled every quarter, so a leak (steady growth) shows apart from a one-off step.
  const memorySeries = [memoryBefore];
  for (let quarter = 0; quarter < 4; quarter += 1) {
    const offset = 1000 + (quarter * MEMORY_RENDERS) / 4;
    await burst(cold, MEMORY_RENDERS / 4, mixed(offset));
    memorySeries.push(await cold.memory());
  }
  const memoryAfter = memorySeries.at(-1)!;
  await cold.stop();

  console.log('(c) the same request from the cache…');
  const warm = await startServer({ RENDER_PAGES: '2' });
  const cached = {} as Record<'svg' | 'png', Summary>;
  for (const format of ['svg', 'png'] as const) {
    cached[format] = await timeEach(300, 5, () =>
      convert(warm, { content: diagrams.small, format }),
    );
  }
  await warm.stop();

  console.log('(d) mermaid CLI, one process per diagram…');
  const cli = mermaidCli();

  const idealLimit = 2 * (1000 / floor.small.median);
  const rows = NAMES.map((name) => ({
    name,
    a: floor[name],
    svg: e2e.svg[name],
    png: e2e.png[name],
    cli: cli[name],
    bOverA: e2e.svg[name].median / floor[name].median,
    dOverB: cli[name].median / e2e.svg[name].median,
  }));
  const memoryGrowth =
    memoryAfter.node + memoryAfter.chromium - (memoryBefore.node + memoryBefore.chromium);
  const largeOverStock = e2e.svg.large.median / versus.large!.stock.median;
  const targets = [
    [
      'patched in-page faster than stock (large)',
      versus.large!.patched.median < versus.large!.stock.median,
    ],
    ['convert SVG ≤ 0.6× stock in-page (large)', largeOverStock <= 0.6],
    [`convert SVG ≤ 1.3× in-page (small): ${rows[0]!.bOverA.toFixed(2)}×`, rows[0]!.bOverA <= 1.3],
    ['d/b ≥ 40 (small)', rows[0]!.dOverB >= 40],
    ['d/b ≥ 40 (flow)', rows[3]!.dOverB >= 40],
    [
      `throughput ≥ 90% of the 2 pages' in-page limit in every round (${roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(', ')})`,
      roundRatios.every((r) => r >= 0.9),
    ],
    ['cached answer < 2 ms', cached.svg.median < 2 && cached.png.median < 2],
    [
      `Node + Chromium growth < 50 MB over ${MEMORY_RENDERS} renders: ${memoryGrowth.toFixed(0)} MB`,
      memoryGrowth < 50,
    ],
  ] as const;

  console.log('\nmedian / p95 in ms; warm; cache off except (c)\n');
  console.log(
    '| diagram | (a) in-page mermaid.render | (b) convert SVG | (b) convert PNG | b/a SVG | (d) mermaid CLI (SVG) | d/b |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.name} | ${fmt(row.a)} | ${fmt(row.svg)} | ${fmt(row.png)} | ${row.bOverA.toFixed(2)} | ${fmt(row.cli)} | ${row.dOverB.toFixed(0)}× |`,
    );
  }
  console.log('\nStock mermaid (minified, as shipped) against patched, in-page, median / p95 ms:');
  for (const [name, row] of Object.entries(versus)) {
    console.log(
      `  ${name}: stock ${fmt(row.stock)}, patched ${fmt(row.patched)} (${(row.patched.median / row.stock.median).toFixed(2)}×)`,
    );
  }
  console.log(
    `  large through convert SVG: ${ms(e2e.svg.large.median)} ms = ${largeOverStock.toFixed(2)}× stock in-page`,
  );
  console.log(`\n(c) cached answer, small: SVG ${fmt(cached.svg)} ms, PNG ${fmt(cached.png)} ms`);
  console.log(
    `Throughput, ${CLIENTS} clients of ${CLIENTS} users, 2 pages, small SVG: ${throughput.toFixed(1)} renders/s (in-page limit of 2 pages rendering at once, before and after: ${pageLimit.toFixed(1)}/s (${limitBefore.toFixed(1)}, ${limitAfter.toFixed(1)}), ${((throughput / pageLimit) * 100).toFixed(0)}%; twice one page's rate: ${idealLimit.toFixed(1)}/s, ${((throughput / idealLimit) * 100).toFixed(0)}%)`,
  );
  console.log(
    `  rounds (burst against the limits around it): ${roundRatios.map((ratio, i) => `${bursts[i]!.toFixed(1)}/s ${(ratio * 100).toFixed(0)}%`).join(', ')}; the median round is shown above`,
  );
  console.log(
    `  ${CLIENTS} clients of one user (held to one page of two by fair sharing): ${oneUserThroughput.toFixed(1)} renders/s, ${((oneUserThroughput / pageLimit) * 100).toFixed(0)}% of the two-page limit`,
  );
  console.log(
    `Server memory over ${MEMORY_RENDERS} renders (3 SVG : 1 PNG): Node ${ms(memoryBefore.node)} → ${ms(memoryAfter.node)} MB, Chromium ${ms(memoryBefore.chromium)} → ${ms(memoryAfter.chromium)} MB`,
  );
  console.log(
    `  every ${MEMORY_RENDERS / 4} renders, Node + Chromium: ${memorySeries.map((m) => ms(m.node + m.chromium)).join(' → ')} MB`,
  );
  const kinds: ProcessKind[] = ['browser', 'gpu', 'renderer', 'utility', 'other'];
  for (const kind of kinds) {
    if (!memorySeries.some((m) => m.byKind[kind])) continue;
    const series = memorySeries.map((m) => {
      const entry = m.byKind[kind];
      return entry ? `${ms(entry.mb)}${entry.count > 1 ? ` (${entry.count})` : ''}` : '–';
    });
    console.log(`    Chromium ${kind}: ${series.join(' → ')} MB`);
  }
  const loadAfter = loadavg()[0]!;
  console.log(
    `Machine load (1-min average) at start / end: ${loadBefore.toFixed(1)} / ${loadAfter.toFixed(1)}`,
  );
  console.log('\nTargets:');
  for (const [label, met] of targets) console.log(`  ${met ? 'met   ' : 'MISSED'} ${label}`);

  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/render-${new Date().toISOString().replaceAll(':', '-')}.json`;
  writeFileSync(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        chromium,
        rows,
        versus,
        largeOverStock,
        cached,
        throughput,
        throughputRounds: bursts,
        throughputLimits: limits,
        oneUserThroughput,
        pageLimit,
        limitBefore,
        limitAfter,
        idealLimit,
        memoryBefore,
        memoryAfter,
        memorySeries,
        targets,
        seconds: (Date.now() - started) / 1000,
      },
      null,
      2,
    ),
  );
  console.log(`\nresults: ${file} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  agent.destroy();
}

void main();
