/**
 * The real server as users run it: `node dist/node/server/main.js` in its own process, on a free
 * port, with the environment a test gives it. Its output is kept so tests can wait for log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/support/free-port.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/node/server/main.js', import.meta.url));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote, line by line (stdout and stderr). */
  lines: string[];
  exited: Promise<Exit>;
  /** Resolves with the first line from `lines[from]` on (written or still to come) that matches. */
  waitForLine(match: (line: string) => boolean, from?: number, timeoutMs?: number): Promise<string>;
  /** Stops the process with SIGKILL if it still runs; safe to call twice. */
  kill(): Promise<void>;
}

export interface StartOptions {
  /** Variables on top of a clean base (local sign-in, quiet logs, high API limit). */
  env: Record<string, string>;
  startTimeoutMs?: number;
}

export async function startApp({
  env,
  startTimeoutMs = 60_000,
}: StartOptions): Promise<AppProcess> {
  if (!existsSync(MAIN)) {
    throw new Error(`${MAIN} is missing: run \`npm run build\` before the reliability suites.`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...(process.env.CHROME_PATH ? { CHROME_PATH: process.env.CHROME_PATH } : {}),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'reliability-suite-secret-0123456789abcdef',
      // Every simulated user signs in from this one address.
      SIGN_INS_PER_MINUTE: '100000',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        for (const listener of listeners) listener(line);
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let done = false;
  void exited.then(() => (done = true));

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

  const app: AppProcess = {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? -1,
    child,
    lines,
    exited,
    waitForLine,
    async kill() {
      if (!done) child.kill('SIGKILL');
      await exited;
    },
  };
  try {
    await waitHealthy(app, startTimeoutMs, () => done);
  } catch (error) {
    await app.kill();
    throw new Error(`${(error as Error).message}\n${lines.slice(-20).join('\n')}`, {
      cause: error,
    });
  }
  return app;
}

/** Polls GET /healthz until it answers 200. */
export async function waitHealthy(
  app: Pick<AppProcess, 'url'>,
  timeoutMs = 60_000,
  stopped: () => boolean = () => false,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (stopped()) throw new Error('The server exited before it answered /healthz');
    try {
      const response = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline)
      throw new Error(`/healthz did not answer 200 within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
