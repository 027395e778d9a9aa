/**
 * patches/ makes mermaid's sequence diagram faster without changing its drawing (README,
 * Decisions). These checks fail loudly when an install or a mermaid upgrade leaves the mermaid
 * that the app actually loads unpatched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ORIGIN, pageAsset } from '../src/server/chromium-render/page-assets';

const require = createRequire(import.meta.url);
const MERMAID_DIR = dirname(require.resolve('mermaid/package.json'));
const installed = (require('mermaid/package.json') as { version: string }).version;
const patchFiles = readdirSync('patches').filter((name) => name.startsWith('mermaid+'));
/** The changes to the sequence diagram, which both the browser bundle and the pages run. */
const SEQUENCE_MARKERS = [
  'Lifeline patch (config)',
  'Lifeline patch (text height',
  'Lifeline patch (batched text measure)',
  'Lifeline patch (rect height)',
  "Lifeline patch (stock's state)",
];
const MEASURE_MARKER = 'Lifeline patch (one family when it decides)';
const SANITIZE_MARKER = 'Lifeline patch (deferred sanitize)';
const FRESH_MARKER = 'Lifeline patch (fresh state)';
const MARKERS = [...SEQUENCE_MARKERS, MEASURE_MARKER, SANITIZE_MARKER, FRESH_MARKER];
const UPGRADE =
  'see docs/decisions.md: re-apply the change to the new version and run `npx patch-package mermaid`';

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
    const patch = readFileSync(join('patches', patchFiles[0]!), 'utf8');
    const paths = patchedPaths(patch);
    expect(paths.length).toBeGreaterThan(0);
    for (const [index, path] of paths.entries()) {
      // The markers this file's part of the patch adds must be in the installed file.
      const part = patch.split(/^diff --git /m)[index + 1] ?? '';
      const markers = MARKERS.filter((marker) => part.includes(marker));
      expect(markers.length, `${path}'s part of the patch names no change`).toBeGreaterThan(0);
      const source = readFileSync(join(MERMAID_DIR, path), 'utf8');
      for (const marker of markers) {
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
    for (const marker of SEQUENCE_MARKERS) expect(source, UPGRADE).toContain(marker);
  });

  it('covers the text measurement the browser bundle runs', () => {
    const chunks = readdirSync(join(MERMAID_DIR, 'dist/chunks/mermaid.core'))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => readFileSync(join(MERMAID_DIR, 'dist/chunks/mermaid.core', name), 'utf8'))
      .filter((source) => source.includes('var calculateTextDimensions = memoize('));
    expect(chunks, 'one chunk defines calculateTextDimensions').toHaveLength(1);
    expect(chunks[0], UPGRADE).toContain('calculateTextDimensions.lifelinePremeasure = ');
    expect(chunks[0], UPGRADE).toContain(MEASURE_MARKER);
    expect(chunks[0], UPGRADE).toContain('calculateTextDimensions.lifelineAside = ');
    expect(chunks[0], UPGRADE).toContain('calculateTextDimensions.lifelineFresh = ');
  });

  it('covers the render function the browser bundle runs', () => {
    const core = readFileSync(join(MERMAID_DIR, 'dist/mermaid.core.mjs'), 'utf8');
    expect(core, UPGRADE).toContain(SANITIZE_MARKER);
    expect(core, UPGRADE).toContain('lifelineDrawnSvg: svgCode');
  });
});
