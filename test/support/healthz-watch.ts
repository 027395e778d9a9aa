/**
 * Does the server stay responsive while something runs? /healthz is asked again and again from a
 * process of its own (a test that builds a 20 MB file and sends it pauses for its own garbage
 * collection, which would count against the server if the test's process asked), and the slowest
 * answer is weighed against how late the machine itself ran meanwhile.
 *
 * A stall is the server's when /healthz waits on its event loop; on a machine busy with other
 * suites and browsers, every process also waits its turn for a core. Given the server's process
 * id (Linux), the asking process reads the CPU time the server's event-loop thread used during
 * each answer (/proc/<pid>/task/<pid>/stat): an answer is held by the server for as long as that
 * thread worked meanwhile, at most the answer's time; an answer that waited while the thread did
 * not run waited for the machine. Without it, a timer the asking process sets every 10 ms fires
 * late by as much as the machine held it back, and the server's stall is the slowest answer less
 * that largest lateness. Either way a loaded machine does not make the verdict, the server does.
 * The budget is the server's own (health/loop-watch.ts), which every test's stall watch also
 * holds it to.
 */
import { spawn } from 'node:child_process';
import { expect } from 'vitest';
import { STALL_BUDGET_MS } from '../../src/server/health/loop-watch.js';

export { STALL_BUDGET_MS };

const POLLER = `
const { readFileSync } = require('node:fs');
const TICK_MS = 10;
// Linux counts a thread's CPU time in clock ticks of 10 ms (USER_HZ 100).
const TICK_CPU_MS = 10;
const pid = process.argv[2];
/** CPU time (ms) the server's event-loop thread has used; null where it cannot be read. */
const loopCpu = () => {
  if (!pid) return null;
  try {
    const stat = readFileSync('/proc/' + pid + '/task/' + pid + '/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_CPU_MS;
  } catch {
    return null;
  }
};
let slowest = 0;
let lag = 0;
let held = -1;
let done = false;
process.stdin.on('data', () => (done = true));
process.stdin.on('error', () => (done = true));
let expected = performance.now() + TICK_MS;
const ticks = setInterval(() => {
  const now = performance.now();
  lag = Math.max(lag, now - expected);
  expected = now + TICK_MS;
}, TICK_MS);
(async () => {
  let first = true;
  while (!done) {
    const cpuBefore = loopCpu();
    const started = performance.now();
    await fetch(process.argv[1] + '/healthz').then((r) => r.arrayBuffer()).catch(() => undefined);
    const took = performance.now() - started;
    const cpuAfter = loopCpu();
    // The first answer tells the watcher it is under way (and is not counted: it pays for
    // this process's start).
    if (first) {
      process.stdout.write('ready\\n');
      lag = 0;
    } else {
      slowest = Math.max(slowest, took);
      if (cpuBefore !== null && cpuAfter !== null) {
        held = Math.max(held, Math.min(took, cpuAfter - cpuBefore));
      }
    }
    first = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  clearInterval(ticks);
  process.stdout.write('slowest ' + slowest + ' lag ' + lag + ' held ' + held + '\\n');
  process.exit(0);
})();
`;

export interface HealthzReport {
  /** The slowest /healthz answer, in ms. */
  slowestMs: number;
  /** How late the asking process's own timer fired at worst: the machine's share, in ms. */
  machineLagMs: number;
  /**
   * How long the server itself held /healthz at worst: the CPU its event-loop thread used during
   * an answer (at most that answer's time) where it can be read, else the slowest answer less the
   * machine's share.
   */
  stallMs: number;
  /** Whether `stallMs` was read from the event-loop thread's CPU time. */
  fromLoopCpu: boolean;
}

/** The server to watch: its address, and its process where the server runs in one of its own. */
export type HealthzTarget = string | { url: string; pid: number };

export interface HealthzWatch {
  /** Settles once the watch has had its first answer. */
  ready: Promise<void>;
  /** Ends the watch; answers what it saw. */
  stop(): Promise<HealthzReport>;
}

/** Asks the server's /healthz again and again, from another process, until stopped. */
export function watchHealthz(target: HealthzTarget): HealthzWatch {
  const [base, pid] = typeof target === 'string' ? [target, ''] : [target.url, String(target.pid)];
  const child = spawn(process.execPath, ['-e', POLLER, base, pid], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.on('error', () => undefined);
  let output = '';
  let onReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (onReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes('ready')) onReady();
  });
  const exited = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', () => resolve());
  });
  return {
    ready,
    async stop() {
      child.stdin.end('stop\n');
      await exited;
      const figures = /slowest (\S+) lag (\S+) held (\S+)/.exec(output);
      if (!figures) throw new Error(`the /healthz watch answered ${output}`);
      const slowestMs = Number(figures[1]);
      const machineLagMs = Number(figures[2]);
      const heldMs = Number(figures[3]);
      const fromLoopCpu = heldMs >= 0;
      const stallMs = fromLoopCpu ? heldMs : Math.max(0, slowestMs - machineLagMs);
      return { slowestMs, machineLagMs, stallMs, fromLoopCpu };
    },
  };
}

/**
 * Watches /healthz while `work()` runs (and for at least `minMs`); answers what the watch saw
 * and what the work answered (undefined if it threw).
 */
export async function watchedHealthz<T>(
  target: HealthzTarget,
  work: () => Promise<T>,
  minMs = 0,
): Promise<HealthzReport & { answer: T | undefined }> {
  const watch = watchHealthz(target);
  await watch.ready;
  const [answer] = await Promise.all([
    work().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, minMs)),
  ]);
  return { ...(await watch.stop()), answer };
}

/** The server held /healthz no longer than STALL_BUDGET_MS (the machine's own lateness aside). */
export function expectNoStall(report: HealthzReport): void {
  expect(
    report.stallMs,
    report.fromLoopCpu
      ? `the server's event loop worked ${Math.round(report.stallMs)} ms during one /healthz answer (the slowest took ${Math.round(report.slowestMs)} ms)`
      : `/healthz answered at worst in ${Math.round(report.slowestMs)} ms while the machine ran ${Math.round(report.machineLagMs)} ms late`,
  ).toBeLessThan(STALL_BUDGET_MS);
}
