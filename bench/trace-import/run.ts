/**
 * Trace import benchmark (npm run bench:trace-import): generated OTLP/JSON traces of 5,000 and
 * 50,000 spans imported through the whole route, over HTTP against a real server process: the
 * body read, parsed and drawn in the server's worker thread (drawTrace with the default options,
 * which picks the deepest drawing that fits the renderer) and the diagram inserted. Prints the
 * median of several runs in ms and in spans per second, with the machine's load. Beside it: the
 * same file read and drawn in this process, and the baseline, `JSON.parse` of it: the least any
 * importer does.
 */
import { loadavg } from 'node:os';
import { generatedTrace, otlpOf } from '../../test/fixtures/traces/fixtures';
import { DEFAULT_TRACE_OPTIONS, drawTrace, parseTraceFile } from '../../src/shared/trace/index';
import { startTraceBenchServer } from '../support/trace-server';

const encode = (text: string) => new TextEncoder().encode(text);

const SIZES: [spans: number, runs: number][] = [
  [5_000, 7],
  [50_000, 3],
];

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function time<T>(work: () => T): [number, T] {
  const started = performance.now();
  const result = work();
  return [performance.now() - started, result];
}

const server = await startTraceBenchServer();
try {
  // The worker starts (and, from source, compiles) on the first import: not timed.
  await server.importTrace(encode(otlpOf(generatedTrace(50))), '?dry=true');
  console.log(`trace import over HTTP, median of the runs (load ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    'spans    bytes        route ms  spans/s   status  in-process ms  JSON.parse ms  route/parse  notes',
  );
  for (const [size, runs] of SIZES) {
    const text = otlpOf(generatedTrace(size));
    const file = encode(text);
    const routes: number[] = [];
    const local: number[] = [];
    const parses: number[] = [];
    let status = 0;
    let notes: string[] = [];
    for (let run = 0; run < runs; run++) {
      const answer = await server.importTrace(file);
      routes.push(answer.ms);
      status = answer.status;
      notes = (JSON.parse(answer.body) as { notes?: string[] }).notes ?? [answer.body];
      parses.push(time(() => JSON.parse(text) as unknown)[0]);
      local.push(time(() => drawTrace(parseTraceFile(text).traces[0]!, DEFAULT_TRACE_OPTIONS))[0]);
    }
    const route = median(routes);
    const floor = median(parses);
    console.log(
      [
        String(size).padEnd(8),
        String(file.length).padEnd(12),
        route.toFixed(1).padStart(8),
        Math.round((size / route) * 1000)
          .toLocaleString('en')
          .padStart(9),
        String(status).padStart(7),
        median(local).toFixed(1).padStart(14),
        floor.toFixed(1).padStart(14),
        `${(route / floor).toFixed(1)}×`.padStart(12),
        ` ${notes.join(' ')}`,
      ].join(' '),
    );
  }
} finally {
  await server.stop();
}
