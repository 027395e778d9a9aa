import { readFileSync } from 'node:fs';
import { PagePool } from '../src/server/render/page-pool';
import { mermaidConfig } from '../src/shared/mermaid-config';
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
const pool = new PagePool({ executablePath: '/usr/bin/chromium', pages: 2, queue: 4, timeoutMs: 60000, recycleAfter: 1e9 });
const cfg = mermaidConfig('neutral');
// Loop inside the page: N renders back to back, no CDP per render.
const loop = (n: number) => pool.use({ width: 1200, height: 630 }, (page) => page.evaluate(async ([c, k, n]) => {
  const g = globalThis as any; const t = performance.now(); let s = 0;
  for (let i = 0; i < n; i++) s += await g.lifelineRenderOnly(c + '\n    Bob->>Alice: x' + i, k);
  return [performance.now() - t, s / n];
}, [content, cfg, n] as const));
await Promise.all([loop(20), loop(20)]);
let t = performance.now(); const one = await loop(100); console.log('one page alone: per render wall', (one[0]/100).toFixed(1), 'mermaid', one[1].toFixed(1), 'rate', (100000/(performance.now()-t)).toFixed(1));
t = performance.now(); const two = await Promise.all([loop(100), loop(100)]); console.log('two pages at once: mermaid', two.map(x => x[1].toFixed(1)), 'rate', (200000/(performance.now()-t)).toFixed(1));
await pool.close();
