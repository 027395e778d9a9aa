/**
 * Load: LOAD_USERS users (100) at once for LOAD_SECONDS, each looping list → open → save (with
 * the lost-update check) → convert against the real server process, on PGlite and on PostgreSQL.
 * Nothing may fail except the deliberate answers (429, and 503 "busy" with Retry-After from the
 * renderer's queue); afterwards every acknowledged save is read back exactly.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type AppProcess } from './support/app-process.js';
import { convert, openDiagram, saveDiagram, sequence } from './support/client.js';
import { LOAD_SECONDS, LOAD_USERS } from './support/durations.js';
import { SaveLedger } from './support/ledger.js';
import { loadMix, type Observation } from './support/load-mix.js';
import { describeEach } from '../test/support/needs.js';
import { ADMIN_URL, sharedServerSkip } from './support/postgres.js';
import { scratchPostgresUrl, type ScratchDatabase } from '../test/support/databases.js';
import { countBy, ms, n, percentile, writeReport } from './support/report.js';
import { makeUsers, type TestUser } from './support/users.js';

const SPARE_USERS = 10;

const targets = [
  { name: 'pglite' as const, title: 'PGlite', skip: null },
  { name: 'postgres' as const, title: 'PostgreSQL', skip: await sharedServerSkip() },
];

describeEach(targets, 'load on $title', ({ name, title }) => {
  let app: AppProcess;
  let dataDir: string;
  let scratch: ScratchDatabase | null = null;
  let users: TestUser[];
  const ledger = new SaveLedger();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'lifeline-load-'));
    if (name === 'postgres') scratch = await scratchPostgresUrl(ADMIN_URL);
    app = await startApp({
      env: {
        DATA_DIR: dataDir,
        ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        // Normal traffic must not meet the per-token limit; 429s stay possible and are counted.
        RENDER_RATE_PER_MINUTE: '1000000',
        // On PGlite the database runs on the server's own thread; under this load each step of a
        // render waits behind queued queries, so a small diagram can take over the default 10 s.
        // The figures report how slow it gets; the run counts it as an error only past 30 s.
        RENDER_TIMEOUT_MS: '30000',
        // Every simulated user, and the suite's own set-up and checking clients, connect from
        // 127.0.0.1: one address holding well over LOAD_USERS sockets. The per-address cap is
        // not what this run measures (slow-clients.test.ts does), so it is off here.
        CONNECTIONS_PER_ADDRESS: '0',
      },
    });
    users = await makeUsers(app.url, LOAD_USERS + SPARE_USERS, 2, ledger);
    // A server in steady state: Chromium launched and its pages warm before the clock starts.
    const warm = await convert(app.url, users[0]!.token, sequence('warm-up'), 'svg', 120_000);
    expect(warm.status).toBe(200);
  });

  afterAll(async () => {
    await app?.kill();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`serves ${LOAD_USERS} users for ${LOAD_SECONDS} s with no errors, then reads every acknowledged save back exactly`, async () => {
    const observations: Observation[] = [];
    const result = await autocannon({
      url: app.url,
      connections: LOAD_USERS,
      duration: LOAD_SECONDS,
      timeout: 60,
      requests: loadMix(users, ledger, observations),
    });

    const failures = observations.filter((o) => !deliberate(o) && (o.status !== 200 || o.problem));
    const byKind = (kind: Observation['kind']) => observations.filter((o) => o.kind === kind);
    const latency = (list: Observation[]) => ({
      count: list.length,
      p50: percentile(
        list.map((o) => o.ms),
        50,
      ),
      p99: percentile(
        list.map((o) => o.ms),
        99,
      ),
    });

    // Every tracked diagram, read back by its owner.
    const owners = new Map(users.flatMap((u) => u.diagramIds.map((id) => [id, u] as const)));
    const mismatches: string[] = [];
    for (const id of ledger.ids()) {
      const opened = await openDiagram(app.url, owners.get(id)!.cookie, id);
      const problem =
        opened.status === 200
          ? ledger.check(id, opened.body)
          : `diagram ${id}: read back answered ${opened.status}`;
      if (problem) mismatches.push(problem);
    }

    const figures = {
      database: name,
      seconds: LOAD_SECONDS,
      connections: LOAD_USERS,
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      byKind: {
        list: latency(byKind('list')),
        open: latency(byKind('open')),
        save: latency(byKind('save')),
        convert: latency(byKind('convert')),
      },
      statuses: countBy(observations, (o) => `${o.kind} ${o.status}`),
      deliberate: {
        busy503: observations.filter((o) => o.kind === 'convert' && o.status === 503).length,
        tooMany429: observations.filter((o) => o.status === 429).length,
      },
      errors: failures.length + result.errors + result.timeouts,
      savesAcknowledged: ledger.totalSaves(),
      diagramsReadBack: ledger.ids().length,
      readBackMismatches: mismatches.length,
      machineLoad: (await import('node:os')).loadavg()[0],
      at: new Date().toISOString(),
    };
    writeReport(`load-${name}`, figures);
    console.log(
      `| ${title} | ${LOAD_SECONDS} s | ${LOAD_USERS} | ${n(figures.requests)} | ${n(figures.requestsPerSecond)}/s | ${ms(figures.latency.p50)} | ${ms(figures.latency.p99)} | ${figures.errors} | ${figures.deliberate.busy503} / ${figures.deliberate.tooMany429} | ${n(figures.savesAcknowledged)}, ${figures.readBackMismatches} lost |`,
    );

    expect(failures.slice(0, 10)).toEqual([]);
    expect({ errors: result.errors, timeouts: result.timeouts }).toEqual({
      errors: 0,
      timeouts: 0,
    });
    expect(byKind('save').filter((o) => o.status === 409)).toEqual([]);
    // The run did real work of every kind (how much depends on the machine, so no figure here).
    for (const kind of ['list', 'open', 'save'] as const) {
      expect(byKind(kind).filter((o) => o.status === 200).length).toBeGreaterThan(0);
    }
    // Converts may all meet the renderer's deliberate "busy" on a loaded machine (on PGlite the
    // database shares the server's thread with the renderer's messages, and a queued render can
    // wait past the run): some were asked for, and the renderer draws again as soon as it ends.
    expect(byKind('convert').length).toBeGreaterThan(0);
    if (!byKind('convert').some((o) => o.status === 200)) {
      // Renders queued by the load may still hold the pages for a few seconds: busy answers
      // are retried, as a client told Retry-After does, for up to a minute.
      let after = await convert(
        app.url,
        users[0]!.token,
        sequence('after the load'),
        'svg',
        120_000,
      );
      for (let tries = 1; after.status === 503 && tries < 30; tries += 1) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        after = await convert(app.url, users[0]!.token, sequence('after the load'), 'svg', 120_000);
      }
      expect(after.status).toBe(200);
    }
    expect(mismatches).toEqual([]);
  });

  it('lets exactly one of two racing saves with the same updatedAt win', async () => {
    for (const user of users.slice(0, 10)) {
      const id = user.diagramIds[0]!;
      const before = await openDiagram(app.url, user.cookie, id);
      expect(before.status).toBe(200);
      const texts = ['left', 'right'].map(
        (side) => `${before.body.content}\n    Alice->>Bob: ${side}`,
      );
      const answers = await Promise.all(
        texts.map((text) => saveDiagram(app.url, user.cookie, id, text, before.body.updatedAt)),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.find((a) => a.status === 200)!;
      const loser = answers.find((a) => a.status === 409)!;
      expect(loser.body.diagram?.content).toBe(winner.body.content);
      const after = await openDiagram(app.url, user.cookie, id);
      expect(after.body.content).toBe(winner.body.content);
      expect(after.body.updatedAt).toBe(winner.body.updatedAt);
    }
  });
});

/** The answers a client is told to come back later with: 429, and a busy renderer's 503. */
function deliberate(o: Observation): boolean {
  if (o.status === 429) return o.retryAfter;
  return o.kind === 'convert' && o.status === 503 && o.retryAfter;
}
