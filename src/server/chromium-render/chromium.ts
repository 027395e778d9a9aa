import { existsSync } from 'node:fs';

/**
 * Where a system Chromium is usually found; CHROME_PATH wins. Debian's headless shell comes
 * first: it draws the same pages as the full browser with about half the CPU (no GPU process
 * through SwiftShader, no browser UI), which is what the renderer and the tests need.
 */
const CANDIDATES = [
  // The binary itself: /usr/bin/chromium-headless-shell is a shell script that runs it as a
  // child, so killing the launched process would leave the browser running.
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const fromEnv = env.CHROME_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/**
 * Flags for a headless Chromium on a machine with no outside network: without the
 * background-networking flags it stalls on connections that are refused.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
