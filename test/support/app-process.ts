/**
 * Lifeline as a real process (`src/server/main.ts` through tsx, so it always runs the current
 * source), on a free port, for tests about several instances. Every process started here is
 * killed when the test process exits, even after a failure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface AppProcess {
  url: string;
  stop(): Promise<void>;
  /** SIGKILL: the process gets no chance to finish anything. */
  kill(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Environment of a test instance: no sign-in provider (local sign-in), no Chromium. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(OIDC_|REDIS_|DATABASE_URL$|PUBLIC_URL$|APP_SECRET$)/.test(name)) delete env[name];
  }
  return { ...env, NODE_ENV: 'test', HOST: '127.0.0.1', LOG_LEVEL: 'warn', CHROME_PATH: '/none' };
}

/**
 * `env.PORT` keeps a port across a restart; otherwise a free one is taken. `built`: the compiled
 * server in `dist/`, which also serves the built client (browser tests).
 */
export async function startAppProcess(
  env: Record<string, string>,
  timeoutMs = 90_000,
  { built = false }: { built?: boolean } = {},
): Promise<AppProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const entry = built ? ['dist/node/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, entry, {
    cwd: ROOT,
    env: { ...baseEnv(), ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  exited.then(() => running.delete(child));

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };

  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Lifeline exited at start:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop, kill };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`Lifeline did not answer /healthz within ${timeoutMs} ms:\n${output}`);
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
      env: { ...baseEnv(), ...env },
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

/** Signs in locally on a running instance; answers the session cookie (`name=value`). */
export async function signInAt(base: string, email: string, name = 'Ada'): Promise<string> {
  const response = await fetch(`${base}/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, email, redirect: '/' }),
    redirect: 'manual',
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('lifeline_session='));
  if (!cookie) throw new Error(`no session cookie (status ${response.status})`);
  return cookie.split(';')[0]!;
}

/** Creates a diagram on a running instance as the cookie's user; answers its id. */
export async function createDiagramAt(
  base: string,
  cookie: string,
  diagram: { title: string; content: string },
): Promise<number> {
  const response = await fetch(`${base}/api/diagrams`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(diagram),
  });
  if (!response.ok) throw new Error(`creating a diagram: ${response.status}`);
  return ((await response.json()) as { id: number }).id;
}
