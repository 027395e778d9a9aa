/**
 * A built Lifeline server started by a benchmark: its own process on a free port with its own
 * PGlite folder, answered once /healthz does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../test/support/app-process';

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): void;
}

export async function startServerProcess(options: {
  /** The built server's main.js (dist/ or dist-bench/). */
  entry: string;
  /** Node's own flags, before the entry. */
  nodeFlags?: string[];
  env?: Record<string, string>;
  /** An IPC channel to the server (for a probe it loads). */
  ipc?: boolean;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn('node', [...(options.nodeFlags ?? []), options.entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lifeline-bench-')),
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit', ...(options.ipc ? ['ipc' as const] : [])],
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
  return { baseUrl, child, stop: () => void child.kill('SIGTERM') };
}
