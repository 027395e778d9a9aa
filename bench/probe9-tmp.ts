import { readFileSync, readdirSync } from 'node:fs';
import { createRenderer } from '../src/server/render/renderer';
const content = readFileSync('../shared/fixtures/diagrams/small.mmd','utf8');
const HZ = 100;
function treeCpu(root: number): number {
  const kids = new Map<number, number[]>(); const cpu = new Map<number, number>();
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); const ppid = +f[1]!; (kids.get(ppid) ?? kids.set(ppid, []).get(ppid)!).push(+d); cpu.set(+d, (+f[11]! + +f[12]!) / HZ); } catch {} }
  let total = 0; const stack = [root]; while (stack.length) { const p = stack.pop()!; total += cpu.get(p) ?? 0; stack.push(...(kids.get(p) ?? [])); } return total;
}
const format = (process.argv[2] ?? 'svg') as 'svg' | 'png';
const r = createRenderer({ executablePath: '/usr/bin/chromium', cacheBytes: 0, pages: 2 });
const req = (i: number) => ({ content: `${content}\n    Bob->>Alice: m ${i}`, format, width: 1200, height: 630, theme: 'neutral' as const, background: 'white' as const });
await Promise.all([0,1,2,3].map(async (k) => { for (let i = 0; i < 10; i++) await r.render(req(-i-100*k)); }));
function perProc(root: number) {
  const out = new Map<string, number>(); const kids = new Map<number, number[]>(); const info = new Map<number, [string, number]>();
  for (const d of readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const st = readFileSync(`/proc/${d}/stat`, 'utf8'); const f = st.slice(st.lastIndexOf(')') + 2).split(' '); const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8'); const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? (cmd.includes('chromium') ? 'browser' : 'node'); (kids.get(+f[1]!) ?? kids.set(+f[1]!, []).get(+f[1]!)!).push(+d); info.set(+d, [type + ':' + d, (+f[11]! + +f[12]!) / HZ]); } catch {} }
  const stack = [root]; while (stack.length) { const p = stack.pop()!; const i = info.get(p); if (i) out.set(i[0], i[1]); stack.push(...(kids.get(p) ?? [])); } return out;
}
const n = 150; const c0 = treeCpu(process.pid); const p0 = perProc(process.pid); const t0 = performance.now();
let next = 0; await Promise.all([0,1,2,3].map(async () => { while (next < n) await r.render(req(next++)); }));
const wall = performance.now() - t0; const cpu = treeCpu(process.pid) - c0; const p1 = perProc(process.pid);
for (const [k, v] of p1) { const d = v - (p0.get(k) ?? 0); if (d > 0.01) console.log(k, (d * 1000 / n).toFixed(1), 'ms/render'); }
console.log(`${format}: wall ${(wall / n).toFixed(1)} ms/render, cpu ${(cpu * 1000 / n).toFixed(1)} ms/render`);
await r.close();
