/**
 * Lifeline as a real process on a free port, for every suite that needs one: the API tests of
 * several instances run the current source through tsx, the reliability suites, browser tests
 * and benchmarks a build. Output is kept line by line so tests can wait for log lines. Every
 * process started here is killed when the test process exits, even after a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.js';
import { noteStallLine } from './stall-reports.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process spawned here: its output, line by line, and ways to end it. */
export interface Spawned {
  child: ChildProcess;
  pid: number;
  /** Everything the process wrote, line by line (stdout and stderr). */
  lines: string[];
  exited: Promise<Exit>;
  /** Resolves with the first line from `lines[from]` on (written or still to come) that matches. */
  waitForLine(match: (line: string) => boolean, from?: number, timeoutMs?: number): Promise<string>;
  /** SIGTERM, then SIGKILL if it still runs after 10 s; safe to call twice. */
  stop(): Promise<void>;
  /** SIGKILL: the process gets no chance to finish anything; safe to call twice. */
  kill(): Promise<void>;
}

export interface AppProcess extends Spawned {
  url: string;
  port: number;
}

/**
 * What the process inherits beneath its own variables:
 * - `test`: this process's environment without server configuration (no sign-in provider, so
 *   local sign-in; no Redis, PostgreSQL or Chromium), `NODE_ENV=test`;
 * - `bare`: only PATH, HOME and CHROME_PATH, `NODE_ENV=test`;
 * - `all`: this process's environment as it is (benchmarks configure the server like `npm start`).
 */
export type BaseEnv = 'test' | 'bare' | 'all';

export interface SpawnOptions {
  /**
   * `source`: src/server/main.ts through tsx, so it always runs the current source; `built`:
   * dist/node/server/main.js, which also serves the built client; else a script's path from the
   * project folder (`.ts` runs through tsx).
   */
  entry?: 'source' | 'built' | string;
  /** Node's own flags, before the entry. */
  nodeFlags?: string[];
  env?: Record<string, string>;
  baseEnv?: BaseEnv;
  /** An IPC channel to the process (for a probe it loads, or a hello it sends). */
  ipc?: boolean;
  /** Copies the process's stderr (or all its output) to this process's (benchmarks show it). */
  echo?: 'stderr' | 'all';
}

export interface StartOptions extends SpawnOptions {
  /** How long /healthz may take to answer 200. */
  timeoutMs?: number;
}

function baseEnv(kind: BaseEnv): NodeJS.ProcessEnv {
  if (kind === 'all') return { ...process.env };
  if (kind === 'bare') {
    return {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
      NODE_ENV: 'test',
    };
  }
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(OIDC_|REDIS_|DATABASE_URL$|PUBLIC_URL$|APP_SECRET$)/.test(name)) delete env[name];
  }
  return { ...env, NODE_ENV: 'test', CHROME_PATH: '/none' };
}

function entryArgs(entry: SpawnOptions['entry'] = 'source'): string[] {
  if (entry === 'source') return ['--import', 'tsx', 'src/server/main.ts'];
  const path = entry === 'built' ? 'dist/node/server/main.js' : entry;
  if (!existsSync(join(ROOT, path))) {
    throw new Error(`${path} is missing: build it first (npm run build).`);
  }
  return path.endsWith('.ts') ? ['--import', 'tsx', path] : [path];
}

/** Starts a Node process in the project folder, tracked and with its output kept. */
export function spawnTracked(options: SpawnOptions = {}): Spawned {
  const child = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), ...entryArgs(options.entry)],
    {
      cwd: ROOT,
      env: { ...baseEnv(options.baseEnv ?? 'test'), ...options.env },
      stdio: ['ignore', 'pipe', 'pipe', ...(options.ipc ? ['ipc' as const] : [])],
    },
  );
  running.add(child);
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const collect = (stream: NodeJS.ReadableStream | null, echo: NodeJS.WritableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      echo?.write(chunk);
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        noteStallLine(line, child.pid ?? -1);
        for (const listener of listeners) listener(line);
      }
    });
  };
  collect(child.stdout, options.echo === 'all' ? process.stdout : null);
  collect(child.stderr, options.echo ? process.stderr : null);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      // A process that ended itself with an error (an uncaught exception, a failed start) says
      // why beside the test that then fails on it.
      if (code !== null && code !== 0) {
        process.stderr.write(
          `Process ${child.pid} exited with code ${code}; its last lines:\n${lines.slice(-40).join('\n')}\n`,
        );
      }
      resolve({ code, signal });
    }),
  );
  const done = () => child.exitCode !== null || child.signalCode !== null;

  const waitForLine = (match: (line: string) => boolean, from = 0, timeoutMs = 30_000) =>
    new Promise<string>((resolve, reject) => {
      const found = lines.slice(from).find(match);
      if (found !== undefined) return resolve(found);
      const timer = setTimeout(() => {
        listeners.delete(listener);
        reject(new Error(`No matching line from the server within ${timeoutMs} ms`));
      }, timeoutMs);
      const listener = (line: string) => {
        if (!match(line)) return;
        clearTimeout(timer);
        listeners.delete(listener);
        resolve(line);
      };
      listeners.add(listener);
    });

  return {
    child,
    pid: child.pid ?? -1,
    lines,
    exited,
    waitForLine,
    async stop() {
      if (done()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
    async kill() {
      if (!done()) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts Lifeline and answers once GET /healthz does. `env.PORT` keeps a port across a restart;
 * otherwise a free one is taken.
 */
export async function startAppProcess(options: StartOptions = {}): Promise<AppProcess> {
  const { timeoutMs = 90_000, env = {} } = options;
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const spawned = spawnTracked({
    ...options,
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
  });
  const app: AppProcess = { ...spawned, url: `http://127.0.0.1:${port}`, port };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (app.child.exitCode !== null || app.child.signalCode !== null) {
      throw new Error(`Lifeline exited before it answered /healthz:\n${app.lines.join('\n')}`);
    }
    try {
      // A busy machine may take seconds to answer: wait up to the deadline, not past it.
      const signal = AbortSignal.timeout(Math.max(1000, deadline - Date.now()));
      const response = await fetch(`${app.url}/healthz`, { signal });
      if (response.ok) return app;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      // A server left running would keep this process (and a benchmark's lock) alive.
      await app.stop();
      throw new Error(
        `Lifeline did not answer /healthz within ${timeoutMs} ms:\n${app.lines.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs a command in the project folder to its end; answers its exit code and output. */
export function runCommand(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...baseEnv('test'), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      running.delete(child);
      resolve({ code, stdout, stderr });
    });
  });
}
