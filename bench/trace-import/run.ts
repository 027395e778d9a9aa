/**
 * Trace import benchmark (npm run bench:trace-import): generated OTLP/JSON traces of 5,000 and
 * 50,000 spans, read (parseTraceFile) and drawn (drawTrace with the default options, which picks
 * the deepest drawing that fits the renderer), as the import dialog and the API do. Prints the
 * median of several runs in ms and in spans per second, and the machine's load. The baseline,
 * timed beside it, is `JSON.parse` of the same file: the least any importer does.
 */
import { loadavg } from 'node:os';
import { generatedTrace, otlpOf } from '../../test/fixtures/traces/fixtures';
import { DEFAULT_TRACE_OPTIONS, drawTrace, parseTraceFile } from '../../src/shared/trace/index';

const SIZES = [5_000, 50_000];
const RUNS = 7;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function time<T>(work: () => T): [number, T] {
  const started = performance.now();
  const result = work();
  return [performance.now() - started, result];
}

console.log(`trace import, median of ${RUNS} runs (load ${loadavg()[0]!.toFixed(1)})`);
console.log(
  'spans    bytes        read ms   draw ms   total ms   spans/s     text chars  messages  JSON.parse ms  ratio',
);
for (const size of SIZES) {
  const text = otlpOf(generatedTrace(size));
  const reads: number[] = [];
  const draws: number[] = [];
  const parses: number[] = [];
  let chars = 0;
  let messages = 0;
  for (let run = 0; run < RUNS; run++) {
    parses.push(time(() => JSON.parse(text) as unknown)[0]);
    const [read, file] = time(() => parseTraceFile(text));
    const [draw, diagram] = time(() => drawTrace(file.traces[0]!, DEFAULT_TRACE_OPTIONS));
    reads.push(read);
    draws.push(draw);
    chars = diagram.text.length;
    messages = diagram.summary.messages;
  }
  const total = median(reads.map((read, i) => read + draws[i]!));
  const floor = median(parses);
  console.log(
    [
      String(size).padEnd(8),
      String(text.length).padEnd(12),
      median(reads).toFixed(1).padStart(8),
      median(draws).toFixed(1).padStart(9),
      total.toFixed(1).padStart(10),
      Math.round((size / total) * 1000)
        .toLocaleString('en')
        .padStart(10),
      String(chars).padStart(12),
      String(messages).padStart(9),
      floor.toFixed(1).padStart(14),
      `${(total / floor).toFixed(1)}×`.padStart(6),
    ].join(' '),
  );
}
