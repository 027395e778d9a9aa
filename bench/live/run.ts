/**
 * Live co-editing benchmark (npm run bench:live): the built server against stock Hocuspocus (same
 * version, no hooks, no persistence) started beside it, with the same node WebSocket clients
 * (@hocuspocus/provider + ws) over loopback, measurements interleaved:
 *  (a) 100 editors on one diagram: a keystroke on one client until another holds it, p50 / p95;
 *  (b) 50 diagrams × 3 editors: the same latency, and server memory per open diagram (heap
 *      after a full collection, and RSS, before and after the 50 openings, / 50);
 *  (c) opening large.mmd live (connect → synced, the document loaded from the database each
 *      time) against the plain open, GET /api/diagrams/{id}, in the same run.
 * Goals, printed as met or missed: keystroke → other client p95 ≤ 25 ms with 100 editors on one
 * diagram (a), and ≤ 50 ms across 50 diagrams (b); live open ≤ 1.5× the plain open (c).
 */
import { loadavg } from 'node:os';
import { diagramDocName } from '../../src/shared/live';
import type { LiveClient } from '../../test/support/live-client';
import { readFixture } from '../../test/fixtures/diagrams';
import { fmt, ms, summarise, type Summary } from '../render/stats';
import { signIn, type Client } from '../sidebar/api';
import { converged, keystroke, openAll, pause } from './measure';
import { ensureServerBuilt, startLifeline, startStock, type Memory, type Running } from './servers';

const KEYSTROKES = 100;
/** Editors on the one diagram of (a): the owner and 99 collaborators. */
const EDITORS = 100;
const KEY_GAP_MS = 30;
const DIAGRAMS = 50;
const OPENS = 10;

const small = readFixture('small.mmd');
const large = readFixture('large.mmd');
const load = () => loadavg()[0]!.toFixed(1);

async function diagramWith(owner: Client, content: string, editors: string[]): Promise<number> {
  const { id } = await owner.post<{ id: number }>('/api/diagrams', { title: 'Bench', content });
  for (const email of editors) {
    await owner.post(`/api/diagrams/${id}/collaborators`, { email, role: 'editor' });
  }
  return id;
}

/** Stock documents start empty: the first client of each writes the same text. */
async function seedStock(groups: LiveClient[][], content: string): Promise<void> {
  for (const group of groups) group[0]!.text.insert(0, content);
  for (const group of groups) await converged(group);
}

/** Alternating keystrokes on both servers: `pairs(i)` names each one's sender and receiver. */
async function latencies(
  pairs: (i: number) => { ours: [LiveClient, LiveClient]; stock: [LiveClient, LiveClient] },
): Promise<{ ours: Summary; stock: Summary }> {
  const ours: number[] = [];
  const stock: number[] = [];
  for (let i = 0; i < KEYSTROKES; i += 1) {
    const pair = pairs(i);
    ours.push(await keystroke(...pair.ours));
    await pause(KEY_GAP_MS);
    stock.push(await keystroke(...pair.stock));
    await pause(KEY_GAP_MS);
  }
  return { ours: summarise(ours), stock: summarise(stock) };
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
const line = (label: string, ours: Summary, stock: Summary) =>
  console.log(
    `${label.padEnd(40)} ${fmt(ours).padStart(12)} ms   stock ${fmt(stock).padStart(12)} ms   p95 ratio ${ratio(ours.p95, stock.p95)}`,
  );

async function main() {
  ensureServerBuilt();
  const lifeline = await startLifeline();
  const stock = await startStock();
  const everyone: LiveClient[] = [];
  const keep = (clients: LiveClient[]) => (everyone.push(...clients), clients);
  try {
    console.log(`Load average at start: ${load()}`);
    const owner = await signIn(lifeline.baseUrl, 'owner@bench.test', 'Owner');
    const editors: Client[] = [];
    for (let i = 1; i < EDITORS; i += 1) {
      editors.push(await signIn(lifeline.baseUrl, `editor${i}@bench.test`, `Editor ${i}`));
    }
    const emails = editors.map((_, i) => `editor${i + 1}@bench.test`);

    // (a) 100 editors on one diagram.
    console.log(`(a) ${EDITORS} editors on one diagram…`);
    const one = await diagramWith(owner, small, emails);
    const oursA = keep(
      await openAll(
        lifeline.baseUrl,
        [owner, ...editors].map((who) => ({ name: diagramDocName(one), cookie: who.cookie })),
      ),
    );
    const stockA = keep(
      await openAll(
        stock.baseUrl,
        Array.from({ length: EDITORS }, () => ({ name: 'one' })),
      ),
    );
    await seedStock([stockA], small);
    const a = await latencies((i) => ({
      ours: [oursA[i % EDITORS]!, oursA[(i + 1) % EDITORS]!],
      stock: [stockA[i % EDITORS]!, stockA[(i + 1) % EDITORS]!],
    }));

    // (b) 50 diagrams × 3 editors.
    console.log(`(b) ${DIAGRAMS} diagrams × 3 editors…`);
    const ids: number[] = [];
    for (let i = 0; i < DIAGRAMS; i += 1)
      ids.push(await diagramWith(owner, small, emails.slice(0, 2)));
    const trio = [owner, editors[0]!, editors[1]!];
    const before = { ours: await lifeline.memory(), stock: await stock.memory() };
    const oursB = keep(
      await openAll(
        lifeline.baseUrl,
        ids.flatMap((id) => trio.map((who) => ({ name: diagramDocName(id), cookie: who.cookie }))),
      ),
    );
    const stockB = keep(
      await openAll(
        stock.baseUrl,
        ids.flatMap((_, d) => trio.map(() => ({ name: `many-${d}` }))),
      ),
    );
    const groupsOf = (clients: LiveClient[]) => ids.map((_, d) => clients.slice(d * 3, d * 3 + 3));
    await seedStock(groupsOf(stockB), small);
    await pause(2_000); // stores of the openings settle
    const after = { ours: await lifeline.memory(), stock: await stock.memory() };
    const per = (key: keyof Memory, side: 'ours' | 'stock') =>
      ((after[side][key] - before[side][key]) * 1024) / DIAGRAMS;
    const b = await latencies((i) => {
      const d = i % DIAGRAMS;
      const sender = Math.floor(i / DIAGRAMS) % 3;
      const pick = (clients: LiveClient[]): [LiveClient, LiveClient] => [
        clients[d * 3 + sender]!,
        clients[d * 3 + ((sender + 1) % 3)]!,
      ];
      return { ours: pick(oursB), stock: pick(stockB) };
    });

    // (c) opening large.mmd: plain GET against live connect → synced, alternating.
    console.log('(c) opening large.mmd…');
    const big = await diagramWith(owner, large, []);
    const plain: number[] = [];
    const opened: number[] = [];
    for (let i = 0; i < OPENS + 1; i += 1) {
      let started = performance.now();
      const response = await fetch(`${lifeline.baseUrl}/api/diagrams/${big}`, {
        headers: { cookie: owner.cookie },
      });
      const body = (await response.json()) as { content: string };
      const getMs = performance.now() - started;
      if (body.content !== large) throw new Error('GET answered another text');
      started = performance.now();
      const [client] = await openAll(lifeline.baseUrl, [
        { name: diagramDocName(big), cookie: owner.cookie },
      ]);
      const liveMs = performance.now() - started;
      if (client!.text.toString() !== large) throw new Error('live open holds another text');
      client!.destroy();
      // The first round seeds the live state: not counted.
      if (i > 0) {
        plain.push(getMs);
        opened.push(liveMs);
      }
      await pause(500); // the document unloads, so the next open loads it again
    }
    const getSummary = summarise(plain);
    const liveSummary = summarise(opened);

    console.log(`\nLoad average at end: ${load()}  (median / p95)`);
    line(`(a) ${EDITORS} editors, keystroke → other client`, a.ours, a.stock);
    line('(b) 50 diagrams × 3, keystroke → other', b.ours, b.stock);
    console.log(
      `(b) memory per open diagram (3 clients)   heap ${per('heapMb', 'ours').toFixed(0)} KB, RSS ${per('rssMb', 'ours').toFixed(0)} KB   stock heap ${per('heapMb', 'stock').toFixed(0)} KB, RSS ${per('rssMb', 'stock').toFixed(0)} KB   heap ratio ${ratio(per('heapMb', 'ours'), per('heapMb', 'stock'))}`,
    );
    console.log(
      `(c) open large.mmd: live ${fmt(liveSummary)} ms, GET ${fmt(getSummary)} ms, median ratio ${ratio(liveSummary.median, getSummary.median)} (goal ≤ 1.5×)`,
    );
    const openRatio = liveSummary.median / getSummary.median;
    console.log('\nGoals:');
    const goal = (met: boolean, text: string) =>
      console.log(`  ${met ? 'met   ' : 'MISSED'} ${text}`);
    goal(
      a.ours.p95 <= 25,
      `keystroke → other client p95 ≤ 25 ms, ${EDITORS} editors on one diagram: ${ms(a.ours.p95)} ms (stock ${ms(a.stock.p95)} ms)`,
    );
    goal(
      b.ours.p95 <= 50,
      `keystroke → other client p95 ≤ 50 ms, ${DIAGRAMS} diagrams × 3: ${ms(b.ours.p95)} ms (stock ${ms(b.stock.p95)} ms)`,
    );
    goal(openRatio <= 1.5, `live open of large.mmd ≤ 1.5× the plain open: ${ratio(openRatio, 1)}`);
  } finally {
    for (const client of everyone) client.destroy();
    stopAll([lifeline, stock]);
  }
}

function stopAll(servers: Running[]) {
  for (const server of servers) server.stop();
}

await main();
process.exit(0);
