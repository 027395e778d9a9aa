import { readFileSync } from 'node:fs';
import { PagePool } from '../src/server/render/page-pool';
import { mermaidConfig } from '../src/shared/mermaid-config';
import { fitSvg } from '../src/server/render/fit-svg';
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
const pool = new PagePool({ executablePath: '/usr/bin/chromium', pages: 1, queue: 0, timeoutMs: 60000, recycleAfter: 1e9 });
const med = (s: number[]) => s.sort((a,b)=>a-b)[s.length>>1]!.toFixed(2);
await pool.use({ width: 1200, height: 630 }, async (page) => {
  const cfg = mermaidConfig('neutral');
  const g = globalThis as any;
  for (let round = 0; round < 2; round++) {
  const a: number[] = [], b: number[] = [], c: number[] = [], d: number[] = [], e: number[] = [];
  for (let i = 0; i < 60; i++) {
    const text = `${content}\n    Bob->>Alice: m ${round}-${i}`;
    let t = performance.now();
    a.push(await page.evaluate(([c, k]) => (globalThis as any).lifelineRenderOnly(c, k), [text + 'x', cfg] as const));
    b.push(performance.now() - t);
    t = performance.now();
    const r = await page.evaluate((arg) => (globalThis as any).lifelineRender(arg), { content: text, format: 'svg', width: 1200, height: 630, theme: 'neutral', background: 'white', config: cfg });
    c.push(performance.now() - t);
    t = performance.now(); fitSvg(r.svg, { width: 1200, height: 630 } as any); d.push(performance.now() - t);
    t = performance.now(); await page.evaluate(() => 1); e.push(performance.now() - t);
  }
  console.log('renderOnly inpage', med(a), 'renderOnly roundtrip', med(b), 'lifelineRender roundtrip', med(c), 'fitSvg', med(d), 'empty evaluate', med(e));
  }
});
await pool.close();
