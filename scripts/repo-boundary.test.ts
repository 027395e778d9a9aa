import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Everything the app, its tests and its benchmarks read lives in this repository: no relative path
 * in a tracked source file may climb out of it (a fresh clone has nothing beside it).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(?:[cm]?[jt]sx?|sh|json|html)$/;
// A quoted relative path: '../x', "../../x", `../x/${y}`; bounded so the scan stays linear.
const RELATIVE_PATH = /(['"`])((?:\.\.\/){1,12})[^'"`\n]{0,300}\1/g;

function trackedSources(): string[] {
  const out = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: ROOT,
      encoding: 'utf8',
    },
  );
  const self = relative(ROOT, fileURLToPath(import.meta.url));
  return out
    .split('\0')
    .filter((f) => SOURCE.test(f) && !f.startsWith('package-lock') && f !== self);
}

export function pathsLeavingRoot(file: string, text: string): string[] {
  const escaping: string[] = [];
  for (const match of text.matchAll(RELATIVE_PATH)) {
    const climb = match[2] ?? '';
    const at = match.index ?? 0;
    const before = text.slice(Math.max(0, at - 24), at);
    const after = text.slice(at + match[0].length, at + match[0].length + 20);
    // Imports and `new URL(…, import.meta.url)` resolve from the file; file-system calls from the
    // working directory, which is the repository root in every script. Other strings (titles and
    // zip entry names in attack tests) are data, not paths that are read.
    const fromFile =
      /(?:from\s?|import\s?\(?|require\()$/.test(before) || /^,\s*import\.meta\.url/.test(after);
    const fsCall =
      /(?:readFileSync|readFile|createReadStream|existsSync|readdirSync|statSync|join|resolve|fileURLToPath)\(\s*$/.test(
        before,
      );
    const leaves = (base: string) => relative(ROOT, resolve(base, climb)).startsWith('..');
    if ((fromFile && leaves(resolve(ROOT, dirname(file)))) || (fsCall && leaves(ROOT))) {
      escaping.push(match[0]);
    }
  }
  return escaping;
}

describe('repository boundary', () => {
  it('finds a path that climbs out of the repository', () => {
    expect(
      pathsLeavingRoot('src/shared/x.test.ts', "readFileSync('../../../shared/fixtures/a.mmd')"),
    ).toEqual(["'../../../shared/fixtures/a.mmd'"]);
    expect(
      pathsLeavingRoot('src/shared/x.test.ts', 'readFileSync(`../shared/fixtures/${n}`)'),
    ).toEqual(['`../shared/fixtures/${n}`']);
    expect(
      pathsLeavingRoot('src/server/a/x.ts', "import { z } from '../../shared/schemas.js'"),
    ).toEqual([]);
  });

  it('no tracked source file reads outside the repository', () => {
    const offenders = trackedSources().flatMap((file) =>
      pathsLeavingRoot(file, readFileSync(resolve(ROOT, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(offenders).toEqual([]);
  });
});
