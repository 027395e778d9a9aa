/**
 * A built Lifeline server started by a benchmark: its own process on a free port with its own
 * PGlite folder, configured from this environment like `npm start`, answered once /healthz does.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess, type SpawnOptions } from '../../test/support/app-process';

export interface BenchServer {
  baseUrl: string;
  child: ChildProcess;
  stop(): void;
}

export async function startBenchServer(
  options: Pick<SpawnOptions, 'nodeFlags' | 'env' | 'ipc'> & {
    /** The built server's main.js (dist/ or dist-bench/). */
    entry: string;
  },
): Promise<BenchServer> {
  const app = await startAppProcess({
    ...options,
    baseEnv: 'all',
    // The server's errors show in the benchmark's output.
    echo: 'stderr',
    timeoutMs: 60_000,
    env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-bench-')), ...options.env },
  });
  return { baseUrl: app.url, child: app.child, stop: () => void app.stop() };
}
