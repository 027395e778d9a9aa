/**
 * The two servers of `npm run bench:live`: the built Lifeline server (dist/node, PGlite on disk,
 * local sign-in, limits lifted for one address's many connections) and stock Hocuspocus beside it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from '../support/server';

const SERVER_ENTRY = 'dist/node/server/main.js';

export interface Memory {
  heapMb: number;
  rssMb: number;
}

export interface Running {
  baseUrl: string;
  /** The server's heap in use after a full collection, and its resident size. */
  memory(): Promise<Memory>;
  stop(): void;
}

const PROBE = fileURLToPath(new URL('./memory-probe.mjs', import.meta.url));
const NODE_FLAGS = ['--expose-gc', '--import', PROBE];

const memoryOf = (child: ChildProcess) => () =>
  new Promise<Memory>((resolve) => {
    child.once('message', (answer: Memory) => resolve(answer));
    child.send('memory');
  });

/** Builds the server (each run unless BENCH_REUSE_BUILD=1, so figures never come from stale code). */
export function ensureServerBuilt(): void {
  if (process.env.BENCH_REUSE_BUILD === '1' && existsSync(SERVER_ENTRY)) return;
  console.log('Building the server into dist/node (npm run build:server)…');
  const result = spawnSync('npm', ['run', 'build:server'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build:server failed');
}

export async function startLifeline(): Promise<Running> {
  const { baseUrl, child, stop } = await startBenchServer({
    entry: SERVER_ENTRY,
    nodeFlags: NODE_FLAGS,
    ipc: true,
    env: {
      ALLOW_LOCAL_SIGN_IN: 'true',
      SIGN_INS_PER_MINUTE: '1000000',
      CONNECTIONS_PER_ADDRESS: '1000000',
      // Every client of the benchmark signs in from one address: 100 + 150 + 11 openings, and
      // the owner and two editors each have the 50 diagrams of (b) open at once.
      LIVE_AUTHS_PER_ADDRESS_PER_MINUTE: '1000000',
      LIVE_USER_DOCUMENTS_MAX: '1000',
    },
  });
  return { baseUrl, memory: memoryOf(child), stop };
}

export async function startStock(): Promise<Running> {
  const entry = fileURLToPath(new URL('./stock-server.ts', import.meta.url));
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', entry], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (hello: { port: number }) => resolve(hello.port));
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    memory: memoryOf(child),
    stop: () => void child.kill('SIGTERM'),
  };
}
