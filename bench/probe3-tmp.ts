import { readFileSync } from 'node:fs';
import { createRenderer } from '../src/server/render/renderer';
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
for (const pages of [1, 2, 3]) {
  const r = createRenderer({ executablePath: '/usr/bin/chromium', pages, cacheBytes: 0, queue: 64 });
  const req = (i: number) => ({ content: `${content}\n    Bob->>Alice: m ${i}`, format: 'svg' as const, width: 1200, height: 630, theme: 'neutral' as const, background: 'white' as const });
  for (let i = 0; i < 20; i++) await Promise.all([r.render(req(-i*10)), r.render(req(-i*10-1))]);
  for (const clients of [1, 2, 4]) {
    let next = 0; const total = 200; const t = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => { while (next < total) await r.render(req(clients*1000 + next++)); }));
    console.log(`pages ${pages} clients ${clients}: ${(total / (performance.now() - t) * 1000).toFixed(1)}/s`);
  }
  await r.close();
}
