/**
 * The real server as users run it: the build (`node dist/node/server/main.js`) in its own process
 * on a free port, with only PATH, HOME and CHROME_PATH from this environment under the
 * suites' own settings and the variables a test gives it.
 */
import { startAppProcess, type AppProcess } from '../../test/support/app-process.js';

export type { AppProcess };

export interface StartOptions {
  /** Variables on top of a clean base (local sign-in, quiet logs, high API limit). */
  env: Record<string, string>;
  startTimeoutMs?: number;
}

export function startApp({ env, startTimeoutMs = 60_000 }: StartOptions): Promise<AppProcess> {
  return startAppProcess({
    entry: 'built',
    baseEnv: 'bare',
    timeoutMs: startTimeoutMs,
    env: {
      APP_SECRET: 'reliability-suite-secret-0123456789abcdef',
      // Every simulated user signs in from this one address.
      SIGN_INS_PER_MINUTE: '100000',
      ...env,
    },
  });
}
