/**
 * Before `npm start` serves dist/: builds only when there is no build, or a file it is built
 * from changed after the last build started (a stamp a successful build leaves), so a start after
 * the first takes seconds rather than a minute.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checkout to build (the repository this script is in, unless one is named). */
const root = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
/** What the build reads: the sources, the pages, the configs and the installed packages. */
const INPUTS = [
  'src',
  'public',
  'patches',
  'scripts/chunk-map-plugin.ts',
  'scripts/compile-hints-plugin.ts',
  'scripts/copy-migrations.mjs',
  'index.html',
  'frame.html',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'vite.render-page.config.ts',
  'tsconfig.base.json',
  'tsconfig.build.json',
];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const changed = Math.max(...INPUTS.map((input) => newest(join(root, input))));
if (built === 0 || changed > built) {
  console.log(
    built === 0 ? 'Building Lifeline…' : 'Sources changed since the last build: building…',
  );
  const started = new Date();
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  // Dated when the build started: a file saved while it ran is newer, and builds again.
  writeFileSync(stamp, `${started.toISOString()}\n`);
  utimesSync(stamp, started, started);
}
