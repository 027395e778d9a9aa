/**
 * One Lifeline server process for a whole test file, as the security suites use it: started
 * before the file's tests on a copy of the migrated embedded database (a DATA_DIR of its own)
 * and stopped, its folder removed, after them. Call it before registering the file's own hooks:
 * its `beforeAll` then runs once the server answers, and its `afterAll` before the server stops.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { startAppProcess, type AppProcess } from './app-process.js';
import { seededDataDir } from './databases.js';

/** The running server; reading it before the server started throws. */
export interface SuiteApp {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
}

/** A loaded machine may take minutes to start the server. */
const START_TIMEOUT_MS = 300_000;

/** `name` names the data folder; `env` is the server's configuration (beside DATA_DIR). */
export function useAppProcess(name: string, env: Record<string, string>): SuiteApp {
  const dataDir = seededDataDir(`lifeline-${name}-`);
  let running: AppProcess | undefined;
  const started = (): AppProcess => {
    if (!running) throw new Error(`The ${name} server has not started (yet).`);
    return running;
  };
  beforeAll(async () => {
    running = await startAppProcess({
      timeoutMs: START_TIMEOUT_MS,
      env: { ...env, DATA_DIR: dataDir },
    });
  }, START_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await running?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get url() {
      return started().url;
    },
    get port() {
      return started().port;
    },
    get pid() {
      return started().pid;
    },
  };
}
