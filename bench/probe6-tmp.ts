import { readFileSync } from 'node:fs';
import { PagePool } from '../src/server/render/page-pool';
import { drawInPage } from '../src/server/render/renderer';
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
const hidden = process.argv[2] === 'hidden';
const pool = new PagePool({ executablePath: '/usr/bin/chromium', pages: 2, queue: 64, timeoutMs: 60000, recycleAfter: 1e9 });
const req = (i: number) => ({ content: `${content}\n    Bob->>Alice: m ${i}`, format: 'svg' as const, width: 1200, height: 630, theme: 'neutral' as const, background: 'white' as const });
const render = (i: number) => pool.use({ width: 1200, height: 630 }, async (page) => {
  if (hidden) await page.evaluate(() => { document.documentElement.style.visibility = 'hidden'; });
  return drawInPage(page, req(i));
});
for (let i = 0; i < 20; i++) await Promise.all([render(-2*i), render(-2*i-1)]);
for (const clients of [2, 4, 2, 4]) {
  let next = 0; const total = 200; const t = performance.now();
  await Promise.all(Array.from({ length: clients }, async () => { while (next < total) await render(clients*1000 + next++); }));
  console.log(`${hidden ? 'hidden' : 'shown'} clients ${clients}: ${(total / (performance.now() - t) * 1000).toFixed(1)}/s`);
}
await pool.close();
