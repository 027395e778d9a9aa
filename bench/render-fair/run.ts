/**
 * Fair share under load (npm run bench:render-fair): one user's API token keeps four slow renders
 * going through POST /api/v1/convert (a note of 10,000 line breaks, each cut by the time limit),
 * while another user's small converts are timed one after another. Prints that user's latency
 * beside the same small convert on an idle renderer, first on the machine as it is, then with a
 * second process keeping one core busy. The goal: under the attack, a small render answers
 * within about one small render plus the short cut-off of one slow render.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { loadavg } from 'node:os';
import { startRenderServer, type RenderServer } from '../render/start';
import { ms, summarise, type Summary } from '../render/stats';

const SLOW = `sequenceDiagram\nNote over A,B: ${'<br>'.repeat(10_000)}`;
const SLOW_AT_ONCE = 4;
const IDLE_RUNS = 20;
const ATTACKED_RUNS = Number(process.env.ATTACKED_RUNS ?? 12);
const TIMEOUT_MS = 10_000;
/** The limit a render has while another caller waits (page-pool.ts: a quarter of the limit). */
const SHORT_MS = TIMEOUT_MS / 4;

const small = (n: number) =>
  `sequenceDiagram\n    participant Alice\n    participant Bob\n    Alice->>Bob: Hello Bob, how are you? ${n}\n    Bob-->>Alice: Fine, thanks!`;

type Server = RenderServer;

const startServer = () =>
  startRenderServer({
    RENDER_TIMEOUT_MS: String(TIMEOUT_MS),
    RENDER_CACHE_MB: '0',
    RENDER_PAGES: '2',
  });

/** One convert on its own connection; answers its status code. */
function convert(server: Server, token: string, content: string): Promise<number> {
  const body = JSON.stringify({ content, format: 'svg' });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path: '/api/v1/convert',
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.on('error', reject);
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

let counter = 0;

/** Times one small convert of the victim; throws unless it answered 200. */
async function timedSmall(server: Server, token: string): Promise<number> {
  const started = performance.now();
  const status = await convert(server, token, small((counter += 1)));
  const took = performance.now() - started;
  if (status !== 200) throw new Error(`the small convert answered ${status}`);
  return took;
}

async function idle(server: Server, token: string): Promise<Summary> {
  for (let i = 0; i < 5; i += 1) await timedSmall(server, token);
  const samples: number[] = [];
  for (let i = 0; i < IDLE_RUNS; i += 1) samples.push(await timedSmall(server, token));
  return summarise(samples);
}

/**
 * The attacker keeps SLOW_AT_ONCE slow converts in flight (each answered one is sent again);
 * once they run, the victim's small converts are timed, a pause between them.
 */
async function attacked(
  server: Server,
  attacker: string,
  victim: string,
): Promise<{ summary: Summary; max: number; slowAnswers: Record<number, number> }> {
  let attacking = true;
  const slowAnswers: Record<number, number> = {};
  const loop = async () => {
    while (attacking) {
      const status = await convert(server, attacker, SLOW).catch(() => 0);
      slowAnswers[status] = (slowAnswers[status] ?? 0) + 1;
    }
  };
  const loops = Array.from({ length: SLOW_AT_ONCE }, loop);
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const samples: number[] = [];
  for (let i = 0; i < ATTACKED_RUNS; i += 1) {
    samples.push(await timedSmall(server, victim));
    // A random pause, so the small converts meet the slow ones at every stage.
    await new Promise((resolve) => setTimeout(resolve, 300 + Math.random() * 2_000));
  }
  attacking = false;
  await Promise.all(loops);
  return { summary: summarise(samples), max: Math.max(...samples), slowAnswers };
}

function busyCore(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' });
}

async function main() {
  const server = await startServer();
  const [attacker, victim] = server.tokens;
  if (!attacker || !victim) throw new Error('the bench server made too few users');
  const rows: string[] = [];
  try {
    for (const busy of [false, true]) {
      const load = busy ? busyCore() : null;
      try {
        const loadBefore = loadavg()[0] ?? 0;
        const quiet = await idle(server, victim);
        const underAttack = await attacked(server, attacker, victim);
        const goal = quiet.median + SHORT_MS;
        const label = busy ? 'one core busy' : 'machine as it is';
        rows.push(
          `${label.padEnd(17)} idle ${ms(quiet.median)} / ${ms(quiet.p95)} ms; under attack ${ms(underAttack.summary.median)} / ${ms(underAttack.summary.p95)} ms, max ${ms(underAttack.max)} ms (goal ≤ ${ms(goal)} ms: ${underAttack.max <= goal ? 'met' : 'MISS'}); slow converts answered ${JSON.stringify(underAttack.slowAnswers)}; load ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
        );
        console.log(rows.at(-1));
      } finally {
        load?.kill();
      }
    }
  } finally {
    server.child.send('stop');
  }
  console.log(
    `\nFair share under load: another user's small convert (median / p95, max) while one user keeps ${SLOW_AT_ONCE} slow converts going, limit ${TIMEOUT_MS} ms (cut after ${SHORT_MS} ms while others wait)`,
  );
  for (const row of rows) console.log(`  ${row}`);
}

void main();
