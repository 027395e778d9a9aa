/**
 * The /healthz watch's verdict is the server's: a server process whose event loop works for
 * 800 ms is found holding it, while the same wait spent with its loop kept from running (the
 * machine's share: here the process is stopped) is not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, expect, it } from 'vitest';
import { STALL_BUDGET_MS, watchedHealthz } from './healthz-watch.js';
import { holdCpu } from './hold-cpu.js';

/** A bare HTTP server in a process of its own; `/slow` runs `slow` (JavaScript) before answering. */
async function server(slow: string): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((req, res) => {
        if (req.url !== '/slow') return res.end('ok');
        ${slow}
      }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${String(chunk).trim()}`, pid: child.pid!, child };
}

/**
 * The server's loop works 800 ms of its own CPU time before answering (`holdCpu`, the same work the
 * loop watch's tests hold it with), not 800 ms of the clock: on a busy machine the clock's 800 ms
 * held only 260–500 ms of work, and the verdict is the work.
 */
const BUSY_800_MS_OF_CPU = `(${holdCpu.toString()})(800); res.end("done");`;

let running: ChildProcess | undefined;
afterEach(() => void running?.kill());

it('finds a server whose event loop works 800 ms holding /healthz', async () => {
  const app = await server(BUSY_800_MS_OF_CPU);
  running = app.child;
  const report = await watchedHealthz(app, () => fetch(`${app.url}/slow`));
  expect(report.fromLoopCpu).toBe(true);
  expect(report.stallMs).toBeGreaterThan(STALL_BUDGET_MS);
}, 30_000);

it('does not count the time the machine kept the server from running', async () => {
  // The server is held back by the machine, as a busy core holds it: stopped for 800 ms, its
  // event loop idle. /healthz waits all that time; the verdict is not the server's.
  const app = await server('res.end("done");');
  running = app.child;
  const report = await watchedHealthz(app, async () => {
    process.kill(app.pid, 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 800));
    process.kill(app.pid, 'SIGCONT');
  });
  expect(report.fromLoopCpu).toBe(true);
  expect(report.slowestMs).toBeGreaterThan(STALL_BUDGET_MS);
  expect(report.stallMs).toBeLessThan(STALL_BUDGET_MS);
}, 30_000);

it('without the process, weighs the slowest answer against the machine', async () => {
  const app = await server(BUSY_800_MS_OF_CPU);
  running = app.child;
  const report = await watchedHealthz(app.url, () => fetch(`${app.url}/slow`));
  expect(report.fromLoopCpu).toBe(false);
  expect(report.stallMs).toBeGreaterThan(STALL_BUDGET_MS);
}, 30_000);
