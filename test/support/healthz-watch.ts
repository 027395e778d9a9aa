/**
 * The slowest /healthz answer while something runs, asked from a process of its own: a test
 * that builds a 20 MB file and sends it pauses for its own garbage collection, which would count
 * against the server if this process asked.
 */
import { spawn } from 'node:child_process';

const POLLER = `
let slowest = 0;
let done = false;
process.stdin.on('data', () => (done = true));
process.stdin.on('error', () => (done = true));
(async () => {
  let first = true;
  while (!done) {
    const started = performance.now();
    await fetch(process.argv[1] + '/healthz').then((r) => r.arrayBuffer()).catch(() => undefined);
    // The first answer tells the watcher it is under way (and is not counted: it pays for
    // this process's start).
    if (first) process.stdout.write('ready\\n');
    else slowest = Math.max(slowest, performance.now() - started);
    first = false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  process.stdout.write('slowest ' + slowest + '\\n');
  process.exit(0);
})();
`;

export interface HealthzWatch {
  /** Settles once the watch has had its first answer. */
  ready: Promise<void>;
  /** Ends the watch; answers the slowest answer in ms. */
  stop(): Promise<number>;
}

/** Asks `${base}/healthz` again and again, from another process, until stopped. */
export function watchHealthz(base: string): HealthzWatch {
  const child = spawn(process.execPath, ['-e', POLLER, base], {
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
      const slowest = /slowest (\S+)/.exec(output)?.[1];
      if (slowest === undefined) throw new Error(`the /healthz watch answered ${output}`);
      return Number(slowest);
    },
  };
}

/** The slowest /healthz while `work()` runs (at least `minMs`), asked from another process. */
export async function slowestHealthz(
  base: string,
  work: () => Promise<unknown>,
  minMs = 0,
): Promise<number> {
  const watch = watchHealthz(base);
  await watch.ready;
  await Promise.all([
    work().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, minMs)),
  ]);
  return watch.stop();
}
