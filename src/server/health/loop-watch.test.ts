/**
 * The event-loop watch: a request or live frame that holds the loop past 500 ms is named (by
 * route pattern, or by document kind and message type), in a test process and in the log of a
 * real server process; blocks that are no request's (test code, start-up) are not counted.
 */
import { randomBytes } from 'node:crypto';
import * as encoding from 'lib0/encoding';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { startAppProcess, type AppProcess } from '../../../test/support/app-process.js';
import { testDatabases } from '../../../test/support/databases.js';
import { holdCpu } from '../../../test/support/hold-cpu.js';
import { takeStalls } from '../../../test/support/stall-reports.js';
import { handlingLiveFrame } from './loop-labels.js';
import { STALL_MESSAGE, watchEventLoop, type Stall } from './loop-watch.js';

const BLOCK_MS = 700;
/** A diagram's id, which a stall report must not name. */
const SECRET_ID = 987_654_321;
const [pglite] = testDatabases;

/** Waits until the watch has reported stalls, and answers them (so the test does not fail). */
async function reportedStalls(): Promise<string[]> {
  const seen: string[] = [];
  await vi.waitFor(
    () => {
      seen.push(...takeStalls());
      expect(seen.length).toBeGreaterThan(0);
    },
    { timeout: 5_000, interval: 50 },
  );
  return seen;
}

/** Lets the watch's timer run twice, then answers what it reported. */
async function stallsAfterTicks(): Promise<string[]> {
  for (let tick = 0; tick < 3; tick += 1) await new Promise((resolve) => setTimeout(resolve, 110));
  return takeStalls();
}

describe('the event-loop watch in a test process', () => {
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await pglite!.open();
    app = await buildApp({ database, appSecret: randomBytes(32).toString('base64url') });
    app.get('/test/block/:ms', async (request) => {
      holdCpu(Number((request.params as { ms: string }).ms));
      return { ok: true };
    });
    // Thirty short callbacks: each busy for 25 ms of CPU, or only waiting (as a process does
    // while a busy machine runs others), for 25 ms of wall time without CPU.
    app.get('/test/steps/:how', async (request) => {
      const waitOnly = (request.params as { how: string }).how === 'wait';
      const cell = new Int32Array(new SharedArrayBuffer(4));
      for (let step = 0; step < 30; step += 1) {
        await Promise.resolve();
        if (waitOnly) Atomics.wait(cell, 0, 0, 25);
        else holdCpu(25);
      }
      return { ok: true };
    });
    app.post('/test/block-after-body', async (request) => {
      await Promise.resolve();
      holdCpu((request.body as { ms: number }).ms);
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('names the route pattern of a request that holds the loop, never its path or query', async () => {
    const answer = await app.inject({ method: 'GET', url: `/test/block/${BLOCK_MS}?secret=1` });
    expect(answer.statusCode).toBe(200);
    const stalls = await reportedStalls();
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toMatch(/^GET \/test\/block\/:ms held the event loop for \d+ ms/);
    expect(stalls[0]).not.toContain('secret');
  });

  it('counts the handler of a request whose body was read first', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/test/block-after-body',
      payload: { ms: BLOCK_MS },
    });
    expect(answer.statusCode).toBe(200);
    expect((await reportedStalls())[0]).toMatch(/^POST \/test\/block-after-body held/);
  });

  it('does not count a short request, nor test code that blocks between requests', async () => {
    expect((await app.inject({ method: 'GET', url: '/test/block/50' })).statusCode).toBe(200);
    holdCpu(BLOCK_MS);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(await stallsAfterTicks()).toEqual([]);
  });

  it('counts the CPU of many short callbacks, not the time they waited for it', async () => {
    expect((await app.inject({ method: 'GET', url: '/test/steps/wait' })).statusCode).toBe(200);
    expect(await stallsAfterTicks()).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/test/steps/busy' })).statusCode).toBe(200);
    expect((await reportedStalls())[0]).toMatch(/^GET \/test\/steps\/:how held/);
  });

  it('counts each request apart, not every request of a route run back to back', async () => {
    // Twenty short requests of one route awaited in a row: together past the budget, each far
    // below it (a test's loop of calls, not one request holding the loop).
    const requests = 20;
    const eachMs = 40;
    for (let i = 0; i < requests; i += 1) {
      const answer = await app.inject({ method: 'GET', url: `/test/block/${eachMs}` });
      expect(answer.statusCode).toBe(200);
    }
    // Counted together they would hold the loop for the sum of their times or more. A report of
    // less is one request held up by something else in the process (a major collection of a big
    // heap on a loaded machine held one for 676 ms): a true stall, but not what this is about.
    const held = (await stallsAfterTicks()).map((report) =>
      Number(/held the event loop for (\d+) ms/.exec(report)?.[1] ?? Infinity),
    );
    expect(held.filter((ms) => ms >= requests * eachMs)).toEqual([]);
  });

  it('without async hooks (outside the test suites) names the request that started last', async () => {
    const seen: Stall[] = [];
    const watch = watchEventLoop((stall) => seen.push(stall), { precise: false });
    try {
      const answer = await app.inject({ method: 'GET', url: `/test/block/${BLOCK_MS}` });
      expect(answer.statusCode).toBe(200);
      await vi.waitFor(() => expect(seen.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(seen[0]).toMatchObject({ by: 'GET /test/block/:ms' });
      expect(seen[0]!.blockedMs).toBeGreaterThan(500);
      expect(seen[0]!.cpuMs).toBeGreaterThan(500);
    } finally {
      watch.stop();
    }
    // This process's own (timing) watch saw it as well.
    expect((await reportedStalls())[0]).toMatch(/^GET \/test\/block\/:ms held/);
  });

  it("names a live frame's kind and message type, also for work chained before it was named", async () => {
    const encoder = encoding.createEncoder();
    // An id no figure of the report (milliseconds, CPU) can hold by chance.
    encoding.writeVarString(encoder, `diagram:${SECRET_ID}`);
    encoding.writeVarUint(encoder, 0);
    encoding.writeVarUint(encoder, 2);
    const frame = encoding.toUint8Array(encoder);
    // As Hocuspocus does: the frame's work is chained before the hook that names the frame runs.
    const hook = Promise.resolve().then(async () => {
      handlingLiveFrame(`diagram:${SECRET_ID}`, frame);
      await new Promise((resolve) => setImmediate(resolve));
    });
    await hook.then(() => holdCpu(BLOCK_MS));
    const stalls = await reportedStalls();
    expect(stalls[0]).toMatch(/^live diagram update held the event loop/);
    expect(stalls[0]).not.toContain(String(SECRET_ID));
  });
});

describe('the event-loop watch in a server process', () => {
  let server: AppProcess;

  beforeAll(async () => {
    server = await startAppProcess({
      nodeFlags: ['--import', 'tsx', '--import', './test/support/stall-probe.ts'],
      ipc: true,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('logs one line naming the work that held the loop, which fails the test that caused it', async () => {
    const from = server.lines.length;
    server.child.send({ block: BLOCK_MS, as: 'PUT /api/diagrams/:id' });
    const line = await server.waitForLine((text) => text.includes(STALL_MESSAGE), from);
    const entry = JSON.parse(line) as { level: number; stall: { by: string; byMs: number } };
    expect(entry.level).toBe(40);
    expect(entry.stall.by).toBe('PUT /api/diagrams/:id');
    expect(entry.stall.byMs).toBeGreaterThan(500);
    expect(await reportedStalls()).toEqual([
      expect.stringMatching(
        new RegExp(`^PUT /api/diagrams/:id held .* in server process ${server.pid}$`),
      ),
    ]);
  });
});
