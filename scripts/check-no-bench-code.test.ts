import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** A fake build with the given files, checked by the real script. */
function runCheck(files: Record<string, string>) {
  const dist = mkdtempSync(join(tmpdir(), 'bench-free-check-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
  return spawnSync(process.execPath, ['scripts/check-no-bench-code.mjs', dist], {
    encoding: 'utf8',
  });
}

const clean = {
  'index.html': '<script type="module" src="/assets/main.js"></script>',
  'assets/main.js': 'const p=new URLSearchParams(location.search);p.get("diagramId");',
  '.vite/chunks.json': '[{"modules":["/app/src/client/features/preview/frameEngine.ts"]}]',
};

describe('benchmark scaffolding check', () => {
  it('passes a build without benchmark names', () => {
    const result = runCheck(clean);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('No benchmark scaffolding');
  });

  it.each([
    ['the editor hook', 'assets/editor.js', 'window.__lifelineEditor={getText(){}}'],
    [
      'the render timing',
      'server/chromium-render/page-assets.js',
      'window.lifelineRenderOnly=async()=>0',
    ],
    [
      'the inline preview switch',
      'assets/editor.js',
      'new URLSearchParams(e).get("preview")==="inline"',
    ],
    ['the layout pan switch', 'assets/frame.js', "a.get('pan')==='layout'"],
    ['a pan=layout address', 'assets/editor.js', '`${t}?pan=layout`'],
    [
      'the inline engine module',
      '.vite/chunks.json',
      '["/app/src/client/features/preview/inlineEngine.ts"]',
    ],
    ['the hook module', '.vite/chunks.json', '["/app/src/client/features/editor/benchHook.ts"]'],
  ])('fails the build when %s comes back', (_name, file, text) => {
    const result = runCheck({ ...clean, [file]: text });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(file);
  });
});
