/**
 * Starts the render benchmarks' server (./server.ts) in its own process, configured by the
 * RENDER_* variables on top of this environment, and answers once it sent its hello.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnTracked } from '../../test/support/app-process';
import type { ServerHello } from './server';

export interface RenderServer extends ServerHello {
  child: ChildProcess;
}

export function startRenderServer(
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<RenderServer> {
  const { child } = spawnTracked({
    entry: 'bench/render/server.ts',
    nodeFlags,
    baseEnv: 'all',
    env: { LOG_LEVEL: 'warn', ...env },
    ipc: true,
    echo: 'all',
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (hello: ServerHello) => resolve({ ...hello, child }));
  });
}
