/**
 * patches/ makes mermaid's sequence diagram faster without changing its drawing (README,
 * Decisions). These checks fail loudly when an install or a mermaid upgrade leaves the mermaid
 * that the app actually loads unpatched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ORIGIN, pageAsset } from '../src/server/render/page-assets';

const require = createRequire(import.meta.url);
const MERMAID_DIR = dirname(require.resolve('mermaid/package.json'));
const installed = (require('mermaid/package.json') as { version: string }).version;
const patchFiles = readdirSync('patches').filter((name) => name.startsWith('mermaid+'));
const MARKERS = ['Lifeline patch (config)', 'Lifeline patch (text height'];
const UPGRADE =
  'see README "Decisions": re-apply the change to the new version and run `npx patch-package mermaid`';

function patchedPaths(patch: string): string[] {
  return [...patch.matchAll(/^diff --git a\/node_modules\/mermaid\/(\S+) /gm)].map((m) => m[1]!);
}

describe('the mermaid patch', () => {
  it('is written for the installed mermaid version', () => {
    expect(patchFiles, 'exactly one mermaid patch in patches/').toHaveLength(1);
    expect(patchFiles[0], `mermaid ${installed} is installed; ${UPGRADE}`).toBe(
      `mermaid+${installed}.patch`,
    );
  });

  it('is applied to every file it patches', () => {
    const paths = patchedPaths(readFileSync(join('patches', patchFiles[0]!), 'utf8'));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) {
      const source = readFileSync(join(MERMAID_DIR, path), 'utf8');
      for (const marker of MARKERS) {
        expect(source.includes(marker), `${path} lacks "${marker}": run npm install`).toBe(true);
      }
    }
  });

  it('covers the mermaid the server pages run', () => {
    const asset = pageAsset(`${PAGE_ORIGIN}/mermaid.min.js`);
    const source = String(asset?.body);
    for (const marker of MARKERS) expect(source).toContain(marker);
  });

  it('covers the sequence diagram chunk the browser bundle imports', () => {
    const core = readFileSync(join(MERMAID_DIR, 'dist/mermaid.core.mjs'), 'utf8');
    const chunks = [...core.matchAll(/import\("\.\/(chunks\/[^"]*sequenceDiagram[^"]*\.mjs)"\)/g)];
    expect(chunks, 'mermaid.core.mjs loads one sequence diagram chunk').toHaveLength(1);
    const source = readFileSync(join(MERMAID_DIR, 'dist', chunks[0]![1]!), 'utf8');
    for (const marker of MARKERS) expect(source, UPGRADE).toContain(marker);
  });
});
