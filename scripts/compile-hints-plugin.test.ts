import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_ALL_HINT } from './compile-hints-plugin';

const ASSETS = 'dist/client/assets';

function chunkStarts(): Map<string, string> {
  const starts = new Map<string, string>();
  for (const name of readdirSync(ASSETS).filter((file) => file.endsWith('.js'))) {
    starts.set(name, readFileSync(join(ASSETS, name), 'utf8'));
  }
  return starts;
}

describe('the compile hint in the built client', () => {
  it('heads the editor chunk, and only it', () => {
    const starts = chunkStarts();
    const hinted = [...starts].filter(([, code]) => code.startsWith(`${COMPILE_ALL_HINT}\n`));
    expect(hinted, 'exactly one chunk carries the hint (run npm run build first)').toHaveLength(1);
    const [, editor] = hinted[0]!;
    // CodeMirror's view is in it: its DOM observer's input handling is what typing runs.
    expect(editor).toContain('EditContext');
  });
});
