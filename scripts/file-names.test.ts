import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One spelling per wing (docs/architecture.md): the server and shared code name files in
 * kebab-case; the client names components in PascalCase and other files in camelCase, and a
 * feature's test ids live in `testIds.ts`.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(?:ts|tsx)$/.test(file));

const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9-]+)*\.tsx?$/;
const CLIENT =
  /^(?:[A-Z][A-Za-z0-9]*|[a-z][A-Za-z0-9]*)(?:\.[a-z-]+)*\.tsx?$|^[a-z]+(?:-[a-z]+)+(?:\.[a-z]+)*\.tsx?$/;

describe('file names', () => {
  it('server and shared files are kebab-case', () => {
    const odd = files
      .filter((file) => file.startsWith('src/server/') || file.startsWith('src/shared/'))
      .filter((file) => !KEBAB.test(base(file)));
    expect(odd).toEqual([]);
  });

  it('client test ids are spelled testIds.ts', () => {
    expect(
      files.filter(
        (file) => /^src\/client\/.*\/testids\.ts$/i.test(file) && !file.endsWith('/testIds.ts'),
      ),
    ).toEqual([]);
  });

  it('client files are PascalCase components, camelCase modules or kebab-case ui primitives', () => {
    const odd = files
      .filter((file) => file.startsWith('src/client/'))
      .filter((file) => !CLIENT.test(base(file)));
    expect(odd).toEqual([]);
  });
});
