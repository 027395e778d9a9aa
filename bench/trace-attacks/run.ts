/**
 * Trace files made to hold the server, against a real server process (npm run bench:trace-attacks):
 * for each, the slowest /healthz while it is imported (dry=true) beside the same figure with no
 * attack (goal: under 500 ms), the answer and how long it took. The shapes are those of the
 * attacks that once held the server for up to a minute: a 30 MB Zipkin chain of 140,000 spans,
 * OTLP JSON lines, one parent cycle and random spans; at 50,000 spans (the most read) they are
 * drawn, past it refused.
 */
import { loadavg } from 'node:os';
import {
  otlpLines,
  parentCycle,
  randomTrace,
  zipkinChain,
} from '../../test/fixtures/traces/attacks';
import { STALL_BUDGET_MS, watchedHealthz } from '../../test/support/healthz-watch';
import { startTraceBenchServer } from '../support/trace-server';

const encode = (text: string) => new TextEncoder().encode(text);

/** How long /healthz is watched at least (the attack may end sooner). */
const WATCH_MS = 5_000;

const ATTACKS: [string, () => string][] = [
  ['Zipkin chain, 140,000 spans', () => zipkinChain(140_000)],
  ['OTLP JSON lines, 100,000 spans', () => otlpLines(100_000)],
  ['one parent cycle, 100,000 spans', () => parentCycle(100_000)],
  ['random spans, 100,000', () => randomTrace(100_000)],
  ['Zipkin chain, 50,000 spans', () => zipkinChain(50_000)],
  ['OTLP JSON lines, 50,000 spans', () => otlpLines(50_000)],
  ['one parent cycle, 50,000 spans', () => parentCycle(50_000)],
  ['random spans, 50,000', () => randomTrace(50_000)],
];

const server = await startTraceBenchServer();
try {
  await server.importTrace(encode(zipkinChain(10)), '?dry=true');
  const idle = (await watchedHealthz(server.app.url, () => Promise.resolve(), WATCH_MS)).slowestMs;
  console.log(
    `trace import attacks (load ${loadavg()[0]!.toFixed(1)}); goal: under ${STALL_BUDGET_MS} ms`,
  );
  console.log(`${'no attack'.padEnd(34)} slowest /healthz ${idle.toFixed(0).padStart(6)} ms`);
  for (const [name, make] of ATTACKS) {
    const file = encode(make());
    const { slowestMs: slowest, answer } = await watchedHealthz(
      server.app.url,
      () => server.importTrace(file, '?dry=true'),
      WATCH_MS,
    );
    if (!answer) throw new Error(`${name}: the import failed to answer`);
    const { status, body, ms } = answer;
    const said = (JSON.parse(body) as { error?: string }).error ?? 'drawn';
    console.log(
      `${name.padEnd(34)} slowest /healthz ${slowest.toFixed(0).padStart(6)} ms  (idle ${idle.toFixed(0)} ms)  ${(file.length / 1e6).toFixed(1)} MB → ${status} in ${(ms / 1000).toFixed(1)} s: ${said}`,
    );
  }
} finally {
  await server.stop();
}
