/**
 * Trace files made to hold the server: a real server process reads and draws them while /healthz
 * is asked again and again and never waits past the stall budget (healthz-watch.ts); the import
 * answers clearly.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  otlpLines,
  parentCycle,
  randomTrace,
  wideTrace,
  zipkinChain,
} from '../../../test/fixtures/traces/attacks.js';
import { startAppProcess, type AppProcess } from '../../../test/support/app-process.js';
import {
  expectNoStall,
  watchedHealthz,
  type HealthzReport,
} from '../../../test/support/healthz-watch.js';
import { signInAt } from '../../../test/support/http-sign-in.js';
import { seededDataDir } from '../../../test/support/databases.js';

/** The budget the issue sets for any one request or frame. */
const SPANS = 25_000;

const dataDir = seededDataDir('lifeline-trace-stall-');
let app: AppProcess;
let token: string;

beforeAll(async () => {
  app = await startAppProcess({
    env: { DATA_DIR: dataDir, APP_SECRET: 'trace-stall-secret-0123456789abcdef' },
  });
  const cookie = await signInAt(app.url, 'tracer@example.test', 'Tracer');
  const answer = await fetch(`${app.url}/api/user/api-token`, { headers: { cookie } });
  token = ((await answer.json()) as { apiToken: string }).apiToken;
  // From source the worker thread first registers tsx and compiles the trace modules; the built
  // server starts it from JavaScript. One small import starts it before anything is watched.
  const warm = await fetch(`${app.url}/api/v1/import/trace?dry=true`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: zipkinChain(3),
  });
  expect(warm.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  status: number;
  body: { error?: string; notes?: string[]; content?: string };
  /** What the /healthz watch saw while the import ran. */
  healthz: HealthzReport;
}

async function importWatched(text: string, query = '?dry=true'): Promise<Outcome> {
  // Encoded before the watch starts: encoding it would hold this process, not the server.
  const file = Buffer.from(text);
  const { answer: response, ...healthz } = await watchedHealthz(app, () =>
    fetch(`${app.url}/api/v1/import/trace${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: file,
    }),
  );
  if (!response) throw new Error('the import failed to answer');
  return { status: response.status, body: (await response.json()) as Outcome['body'], healthz };
}

/** A drawing with notes that account for the spans, or a refusal that says what to do. */
function expectClear(outcome: Outcome): void {
  if (outcome.status === 200) {
    expect(outcome.body.content).toMatch(/^sequenceDiagram\n/);
    expect(outcome.body.notes?.join(' ')).toMatch(/of 25,000 spans drawn/);
  } else {
    expect([413, 422]).toContain(outcome.status);
    expect(outcome.body.error).toMatch(/Export|choose/);
  }
}

it.each([
  ['a Zipkin chain', () => zipkinChain(SPANS)],
  ['OTLP JSON lines', () => otlpLines(SPANS)],
  ['one parent cycle', () => parentCycle(SPANS)],
  ['random spans', () => randomTrace(SPANS)],
])(
  'reads and draws %s of 25,000 spans without holding the server',
  async (_name, make) => {
    const outcome = await importWatched(make());
    expectClear(outcome);
    expectNoStall(outcome.healthz);
  },
  180_000,
);

it('answers 413 for more spans than are read, without holding the server', async () => {
  const outcome = await importWatched(zipkinChain(60_000));
  expect(outcome.status).toBe(413);
  expect(outcome.body.error).toBe(
    'The file holds 60,000 spans; at most 50,000 are read. Export one trace, or a part of it.',
  );
  expectNoStall(outcome.healthz);
}, 180_000);

it('answers 422 for a trace too wide to draw even one call deep', async () => {
  const outcome = await importWatched(wideTrace(SPANS), '');
  expect(outcome.status).toBe(422);
  expect(outcome.body.error).toBe(
    'The trace has too many calls to draw: even one call deep its diagram would be longer than 1,000,000 characters. Export a smaller part of it.',
  );
  expectNoStall(outcome.healthz);
}, 180_000);
