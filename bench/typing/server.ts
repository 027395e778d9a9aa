/**
 * Starts the benchmark build of the server on a free port. The benchmark build
 * (`npm run build:bench`: `vite build --mode bench` into dist-bench/) is the shipped app plus the
 * benchmarks' scaffolding (`?preview=inline`, `?pan=layout`, `window.__lifelineEditor`), which
 * the shipped bundle in dist/ never holds.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/server/test/app-process';

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
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-bench-')),
    LOG_LEVEL: 'warn',
  };
  const child: ChildProcess = spawn('node', [SERVER_ENTRY], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      // A server left running would keep this process, and the benchmark lock, alive.
      child.kill('SIGTERM');
      throw new Error('server did not become healthy in 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, stop: () => void child.kill('SIGTERM') };
}
