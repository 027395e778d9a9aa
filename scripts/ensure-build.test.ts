import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A checkout whose build only counts itself, with one source file. */
function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), 'ensure-build-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'main.ts'), 'export {};\n');
  const build =
    "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.appendFileSync('builds','x')";
  writeFileSync(
    join(root, 'package.json'),
    JSON.stringify({ name: 'checkout', private: true, scripts: { build: `node -e "${build}"` } }),
  );
  return root;
}

const start = (root: string) =>
  spawnSync(process.execPath, ['scripts/ensure-build.mjs', root], { encoding: 'utf8' });
const builds = (root: string) =>
  existsSync(join(root, 'builds')) ? readFileSync(join(root, 'builds'), 'utf8').length : 0;

describe('npm start builds only a stale build', () => {
  it('builds when there is no build, not again while nothing changed, and again after a change', () => {
    const root = checkout();
    expect(start(root).status).toBe(0);
    expect(builds(root)).toBe(1);
    expect(start(root).status).toBe(0);
    expect(builds(root)).toBe(1);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'src', 'main.ts'), later, later);
    expect(start(root).status).toBe(0);
    expect(builds(root)).toBe(2);
  });

  it('stops with the failure of a failed build and leaves no stamp', () => {
    const root = checkout();
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        name: 'checkout',
        private: true,
        scripts: { build: 'node -e "process.exit(3)"' },
      }),
    );
    expect(start(root).status).toBe(3);
    expect(existsSync(join(root, 'dist', '.build-stamp'))).toBe(false);
  });
});
