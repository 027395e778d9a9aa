import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Chunk = {
  fileName: string;
  name: string;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  modules: string[];
};

function runCheck(chunks: Chunk[]) {
  const dist = mkdtempSync(join(tmpdir(), 'landing-check-'));
  mkdirSync(join(dist, '.vite'), { recursive: true });
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const chunk of chunks) writeFileSync(join(dist, chunk.fileName), `/* ${chunk.name} */`);
  writeFileSync(join(dist, '.vite/chunks.json'), JSON.stringify(chunks));
  return spawnSync(process.execPath, ['scripts/check-landing-bundle.mjs', dist], {
    encoding: 'utf8',
  });
}

const entry = (imports: string[], dynamicImports: string[] = []): Chunk => ({
  fileName: 'assets/main.js',
  name: 'main',
  isEntry: true,
  imports,
  dynamicImports,
  modules: ['/app/src/client/main.tsx'],
});
const chunk = (fileName: string, modules: string[]): Chunk => ({
  fileName,
  name: fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  modules,
});

describe('landing bundle check', () => {
  it('passes when mermaid and CodeMirror are only reachable through dynamic imports', () => {
    const result = runCheck([
      entry(['assets/react.js'], ['assets/editor.js']),
      chunk('assets/react.js', ['/app/node_modules/react/index.js']),
      chunk('assets/editor.js', [
        '/app/node_modules/mermaid/dist/mermaid.js',
        '/app/node_modules/@codemirror/view/dist/index.js',
      ]),
    ]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('no mermaid, no CodeMirror');
  });

  it.each([
    ['mermaid', '/app/node_modules/mermaid/dist/mermaid.core.mjs'],
    ['CodeMirror', '/app/node_modules/@codemirror/state/dist/index.js'],
  ])('fails the build when %s is imported statically by the landing page', (_name, module) => {
    const result = runCheck([entry(['assets/shared.js']), chunk('assets/shared.js', [module])]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(module);
  });
});
