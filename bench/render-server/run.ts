/**
 * Render server benchmark (npm run bench:render-server): the Kroki and mermaid.ink endpoints
 * against Lifeline's own POST /api/v1/convert, in one run on one server (the same process as
 * bench:render's, cache off), each request over a kept-alive connection:
 *  - convert SVG (the baseline), Kroki GET and POST SVG, mermaid.ink GET SVG and PNG, Kroki GET PDF;
 *  - the same Kroki GET answered again with the cache on, and revalidated (304).
 * Prints medians / p95 and each contender's ratio to convert, and large.mmd through convert against
 * stock mermaid's own in-page render of it (unpatched, same version, same run).
 */
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { FIXTURES_DIR } from '../../test/fixtures/diagrams';
import { startRenderServer, type RenderServer } from '../render/start';
import { fmt, ms, timeEach, type Summary } from '../render/stats';
import { stockVersusPatched } from '../render/stock';

const NAMES = ['small', 'flow', 'medium', 'large'] as const;
type Name = (typeof NAMES)[number];
const RUNS: Record<Name, number> = { small: 40, flow: 40, medium: 10, large: 5 };
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

type Server = RenderServer;

const startServer = (env: Record<string, string>) =>
  startRenderServer({ RENDER_TIMEOUT_MS: '120000', ...env });

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
  expect?: number;
}

function call(server: Server, { method, path, body, headers = {}, expect = 200 }: Call) {
  return new Promise<void>((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method,
        agent,
        headers: { ...headers, ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode === expect) resolve();
          else
            reject(
              new Error(
                `${path.slice(0, 60)} answered ${response.statusCode}: ${Buffer.concat(chunks)}`,
              ),
            );
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const kroki = (text: string) => deflateSync(text, { level: 9 }).toString('base64url');
const ink = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

function contenders(server: Server, text: string): Record<string, () => Promise<void>> {
  return {
    'convert SVG (baseline)': () =>
      call(server, {
        method: 'POST',
        path: '/api/v1/convert',
        body: JSON.stringify({ content: text, format: 'svg' }),
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      }),
    'Kroki GET SVG': () =>
      call(server, { method: 'GET', path: `/kroki/mermaid/svg/${kroki(text)}` }),
    'Kroki POST SVG': () =>
      call(server, {
        method: 'POST',
        path: '/kroki/mermaid/svg',
        body: text,
        headers: { 'content-type': 'text/plain' },
      }),
    'mermaid.ink GET SVG': () => call(server, { method: 'GET', path: `/ink/svg/${ink(text)}` }),
    'mermaid.ink GET PNG': () =>
      call(server, { method: 'GET', path: `/ink/img/${ink(text)}?type=png` }),
    'Kroki GET PDF': () =>
      call(server, { method: 'GET', path: `/kroki/mermaid/pdf/${kroki(text)}` }),
  };
}

async function main() {
  const diagrams = Object.fromEntries(
    NAMES.map((name) => [name, readFileSync(join(FIXTURES_DIR, `${name}.mmd`), 'utf8')]),
  ) as Record<Name, string>;
  const loadBefore = loadavg()[0] ?? 0;
  // The baseline: stock mermaid (unpatched, same version) drawing large.mmd in-page.
  const versus = await stockVersusPatched({ large: diagrams.large }, 5);
  const uncached = await startServer({ RENDER_CACHE_MB: '0' });
  const results: Record<string, Partial<Record<Name, Summary>>> = {};
  try {
    for (const name of NAMES) {
      for (const [label, once] of Object.entries(contenders(uncached, diagrams[name]))) {
        (results[label] ??= {})[name] = await timeEach(RUNS[name], 3, once);
      }
    }
  } finally {
    uncached.child.kill();
  }
  const cached = await startServer({});
  try {
    for (const name of NAMES) {
      const path = `/kroki/mermaid/svg/${kroki(diagrams[name])}`;
      await call(cached, { method: 'GET', path });
      (results['Kroki GET SVG, cached'] ??= {})[name] = await timeEach(RUNS[name], 3, () =>
        call(cached, { method: 'GET', path }),
      );
    }
  } finally {
    cached.child.kill();
  }
  agent.destroy();
  const baseline = results['convert SVG (baseline)'] ?? {};
  console.log(
    `\nRender server, median / p95 ms (ratio of medians to convert SVG); load ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
  );
  console.log(`| contender | ${NAMES.join(' | ')} |`);
  console.log(`| --- | ${NAMES.map(() => '---').join(' | ')} |`);
  for (const [label, byName] of Object.entries(results)) {
    const cells = NAMES.map((name) => {
      const value = byName[name];
      const base = baseline[name];
      const ratio = value && base ? ` (${(value.median / base.median).toFixed(2)}×)` : '';
      return `${fmt(value)}${ratio}`;
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
  const stock = versus.large!.stock.median;
  const convert = baseline.large?.median ?? NaN;
  console.log(
    `\nlarge.mmd: stock mermaid in-page ${ms(stock)} ms, patched in-page ${ms(versus.large!.patched.median)} ms; convert SVG ${ms(convert)} ms = ${(convert / stock).toFixed(2)}× stock (goal ≤ 0.6×: ${convert / stock <= 0.6 ? 'met' : 'MISS'})`,
  );
}

void main();
