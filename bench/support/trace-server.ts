/** A Lifeline process from source for the trace benchmarks, with a signed-in user's API token. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAppProcess, type AppProcess } from '../../test/support/app-process';
import { signInAt } from '../../test/support/http-sign-in';

export interface TraceBenchServer {
  app: AppProcess;
  token: string;
  /** POSTs a trace file to the import route; answers the status, the body and the time taken. */
  importTrace(
    file: Uint8Array<ArrayBuffer>,
    query?: string,
  ): Promise<{ status: number; body: string; ms: number }>;
  stop(): Promise<void>;
}

export async function startTraceBenchServer(): Promise<TraceBenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lifeline-bench-trace-'));
  const app = await startAppProcess({
    // Started from source: on a busy machine that takes a while.
    timeoutMs: 240_000,
    env: {
      DATA_DIR: dataDir,
      APP_SECRET: 'bench-trace-import-0123456789abcdef',
      // Benchmarks call more often than a person would.
      RENDER_RATE_PER_MINUTE: '100000',
    },
  });
  const cookie = await signInAt(app.url, 'bench@example.test', 'Bench');
  const answer = await fetch(`${app.url}/api/user/api-token`, { headers: { cookie } });
  const { apiToken: token } = (await answer.json()) as { apiToken: string };
  return {
    app,
    token,
    async importTrace(file, query = '') {
      const started = performance.now();
      const response = await fetch(`${app.url}/api/v1/import/trace${query}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: file,
      });
      const body = await response.text();
      return { status: response.status, body, ms: performance.now() - started };
    },
    async stop() {
      await app.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
