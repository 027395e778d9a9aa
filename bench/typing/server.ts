/**
 * Starts the benchmark build of the server on a free port. The benchmark build
 * (`npm run build:bench`: `vite build --mode bench` into dist-bench/) is the shipped app plus the
 * benchmarks' scaffolding (`?preview=inline`, `?pan=layout`, `window.__lifelineEditor`), which
 * the shipped bundle in dist/ never holds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startBenchServer } from '../support/server';

const SERVER_ENTRY = 'dist-bench/node/server/main.js';

/** Builds the benchmark variant (each run, so figures never come from stale code). */
export function ensureBuilt(): void {
  const reuse = process.env.BENCH_REUSE_BUILD === '1';
  if (reuse && existsSync(SERVER_ENTRY) && existsSync('dist-bench/client/frame.html')) return;
  console.log('Building the benchmark variant into dist-bench/ (npm run build:bench)…');
  const result = spawnSync('npm', ['run', 'build:bench'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:bench failed');
}

export interface RunningServer {
  baseUrl: string;
  stop(): void;
}

export async function startServer(): Promise<RunningServer> {
  const { baseUrl, stop } = await startBenchServer({ entry: SERVER_ENTRY });
  return { baseUrl, stop };
}
