/**
 * Where a key's time goes: reads a Chromium trace of the typing (devtools.timeline events and the
 * V8 sampling profiler) and splits the editor page's main-thread time from each keydown to the
 * end of the next frame's main-thread work (its commit to the compositor) into buckets.
 *
 * Style, layout and paint come from the trace's own events; script time from the stack samples,
 * each mapped through the benchmark build's source maps (dist-bench/client/assets/*.map) to the
 * module of the function that ran, and put in the bucket of the frame nearest the leaf that has
 * one (Yjs called by CodeMirror is Yjs; a component rendered by React is React).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './report';

export const BUCKETS = [
  'CodeMirror update/view',
  'Yjs + y-codemirror',
  'React renders',
  'React events',
  'diagnostics',
  'completion',
  'posting to the frame',
  'style/layout',
  'paint',
  'other script',
  'other (not script)',
] as const;
export type Bucket = (typeof BUCKETS)[number];

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown>; beginData?: { stackTrace?: CallFrame[] } };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: CallFrame;
}

interface Interval {
  start: number;
  end: number;
}

/** Trace event names of the frame's rendering work on the main thread, by bucket. */
const STYLE_LAYOUT = new Set([
  'UpdateLayoutTree',
  'Layout',
  'RecalculateStyles',
  'HitTest',
  'IntersectionObserverController::computeIntersections',
]);
/** Wrappers that say nothing about the work inside them. */
const WRAPPERS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const PAINT = new Set(['PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'Commit']);

/** Source modules → bucket, tried in order on each frame from the leaf down. */
const MODULE_RULES: [RegExp, Bucket][] = [
  [
    /features\/preview\/(frameEngine|latestOnlyQueue|protocol|previewStore)/,
    'posting to the frame',
  ],
  [/smarts\/diagnostics|@codemirror\/lint|mermaid-reader/, 'diagnostics'],
  [/smarts\/completion|@codemirror\/autocomplete/, 'completion'],
  [/node_modules\/(yjs|y-codemirror\.next|y-protocols|lib0)\//, 'Yjs + y-codemirror'],
  [/node_modules\/(react-dom|react|scheduler)\//, 'React renders'],
  [/node_modules\/(@codemirror|@lezer|style-mod|w3c-keyname|crelt)\//, 'CodeMirror update/view'],
];

// ---- source maps (a small VLQ decoder: the maps are read once per script) ----

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]));

/** Per generated line, [column, source index] pairs in column order. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  // Only the source index is kept: the module is all the buckets need.
  let source = 0;
  for (const lineText of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of lineText.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = DIGIT.get(char) ?? 0;
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0] ?? 0;
      if (values.length >= 4) {
        source += values[1]!;
        segments.push([column, source]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

class SourceMaps {
  private readonly maps = new Map<
    string,
    { sources: string[]; lines: [number, number][][] } | null
  >();
  constructor(private readonly assetsDir: string) {}

  /** The source module of a generated position (0-based line and column), or null. */
  module(url: string, line: number, column: number): string | null {
    const file = url.split('?')[0]!.split('/').pop();
    if (!file?.endsWith('.js')) return null;
    let map = this.maps.get(file);
    if (map === undefined) {
      const path = join(this.assetsDir, `${file}.map`);
      map = null;
      if (existsSync(path)) {
        const raw = JSON.parse(readFileSync(path, 'utf8')) as {
          sources: string[];
          mappings: string;
        };
        map = { sources: raw.sources, lines: decodeMappings(raw.mappings) };
      }
      this.maps.set(file, map);
    }
    const segments = map?.lines[line];
    if (!map || !segments || segments.length === 0) return null;
    let low = 0;
    let high = segments.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (segments[middle]![0] <= column) low = middle;
      else high = middle - 1;
    }
    return map.sources[segments[low]![1]] ?? null;
  }
}

/** React's own event delegation (its listeners on the root), apart from its renders. */
function reactEvents(bucket: Bucket, functionName: string): Bucket {
  return bucket === 'React renders' && /dispatch|batchedUpdates/i.test(functionName)
    ? 'React events'
    : bucket;
}

/** A module's path from its package or from src/ ("@codemirror/view/dist/index.js"). */
function shortModule(module: string): string {
  const packageAt = module.lastIndexOf('node_modules/');
  if (packageAt >= 0) return module.slice(packageAt + 'node_modules/'.length);
  const srcAt = module.indexOf('src/');
  return srcAt >= 0 ? module.slice(srcAt) : module;
}

// ---- the trace ----

type Span = TraceEvent & Interval;

/** Events with a duration (complete ones, and begin/end pairs) as spans. */
function completeEvents(events: TraceEvent[]): Span[] {
  const out: Span[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of events) {
    if (event.ph === 'X') out.push({ ...event, start: event.ts, end: event.ts + (event.dur ?? 0) });
    else if (event.ph === 'B') {
      const key = `${event.tid}:${event.name}`;
      open.set(key, [...(open.get(key) ?? []), event]);
    } else if (event.ph === 'E') {
      const stack = open.get(`${event.tid}:${event.name}`);
      const begin = stack?.pop();
      if (begin) out.push({ ...begin, start: begin.ts, end: event.ts });
    }
  }
  return out.sort((a, b) => a.ts - b.ts);
}

function overlap(a: Interval, b: Interval): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

function inside(intervals: Interval[], at: number): boolean {
  return intervals.some((interval) => interval.start <= at && at < interval.end);
}

/** One key's main-thread milliseconds by bucket, and the window's wall time. */
export interface KeyBreakdown {
  wallMs: number;
  ms: Record<Bucket, number>;
}

export interface Breakdown {
  keys: KeyBreakdown[];
  /** Each bucket's time over all keys by the function that decided it ("module function"), ms. */
  detail: Record<string, Record<string, number>>;
  /** The 'other (not script)' time of all keys by the innermost trace event around it, in ms. */
  notScript: Record<string, number>;
  /** How far apart the profiler's samples were (median, ms). */
  sampleIntervalMs: number;
  /** Share of the keys' busy main-thread time (outside style, layout and paint) with samples. */
  sampled: number;
}

/** Splits each key's time in a trace (Chromium's JSON trace format) into the buckets above. */
export function keyBreakdown(traceJson: string, assetsDir: string): Breakdown {
  const parsed = JSON.parse(traceJson) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const all = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);

  // The editor page's main thread: the one that dispatched the keydowns.
  const keydownsByThread = new Map<string, TraceEvent[]>();
  for (const event of all) {
    if (event.name !== 'EventDispatch' || event.args?.data?.type !== 'keydown') continue;
    const key = `${event.pid}:${event.tid}`;
    keydownsByThread.set(key, [...(keydownsByThread.get(key) ?? []), event]);
  }
  const [thread, keydownEvents] = [...keydownsByThread.entries()].sort(
    (a, b) => b[1].length - a[1].length,
  )[0] ?? ['', []];
  const [pid, tid] = thread.split(':').map(Number);
  const onThread = completeEvents(all.filter((event) => event.pid === pid && event.tid === tid));
  const keydowns = completeEvents(keydownEvents);
  const tasks = onThread.filter((event) => event.name === 'RunTask');
  const styleLayout = onThread.filter((event) => STYLE_LAYOUT.has(event.name));
  const paint = onThread.filter((event) => PAINT.has(event.name));
  const frameEnds = onThread.filter((event) => event.name === 'Commit' || event.name === 'Paint');

  // Stack samples of that process (the profile whose chunks come from the main thread).
  const samples: { ts: number; node: number; weight: number }[] = [];
  const nodes = new Map<number, ProfileNode>();
  const profiles = new Map<string, number>();
  for (const event of all) {
    if (event.pid !== pid) continue;
    const data = event.args?.data as Record<string, unknown> | undefined;
    if (event.name === 'Profile' && event.id) {
      profiles.set(event.id, Number(data?.startTime ?? event.ts));
    }
  }
  const chunks = all.filter(
    (event) => event.pid === pid && event.name === 'ProfileChunk' && event.tid === tid,
  );
  const chunkList =
    chunks.length > 0 ? chunks : all.filter((e) => e.pid === pid && e.name === 'ProfileChunk');
  const clocks = new Map<string, number>();
  for (const chunk of chunkList) {
    const data = chunk.args?.data as
      | { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
      | undefined;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const id = chunk.id ?? '';
    let clock = clocks.get(id) ?? profiles.get(id) ?? chunk.ts;
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((node, index) => {
      clock += deltas[index] ?? 0;
      samples.push({ ts: clock, node, weight: 0 });
    });
    clocks.set(id, clock);
  }
  samples.sort((a, b) => a.ts - b.ts);
  const gaps = samples.slice(1).map((sample, index) => sample.ts - samples[index]!.ts);
  const typicalGap = percentile(gaps, 50) || 1_000;
  // A sample stands for the time until the next one, but never for more than a few intervals
  // (the profiler pauses while the thread sleeps).
  samples.forEach((sample, index) => {
    const next = samples[index + 1];
    sample.weight = next ? Math.min(next.ts - sample.ts, 4 * typicalGap) : typicalGap;
  });

  const maps = new SourceMaps(assetsDir);
  const bucketOfNode = new Map<number, Bucket | null>();
  const deciderOfNode = new Map<number, string>();
  const classify = (nodeId: number): Bucket | null => {
    const known = bucketOfNode.get(nodeId);
    if (known !== undefined) return known;
    let bucket: Bucket | null = null;
    let decider = '';
    let sawScript = false;
    for (
      let node = nodes.get(nodeId);
      node;
      node = node.parent ? nodes.get(node.parent) : undefined
    ) {
      const { functionName, url, lineNumber, columnNumber } = node.callFrame;
      if (functionName === '(idle)') {
        bucket = null;
        break;
      }
      if (functionName === 'postMessage' && !url) {
        bucket = 'posting to the frame';
        break;
      }
      if (!url) continue;
      sawScript = true;
      const module = maps.module(url, lineNumber, columnNumber) ?? url;
      if (!decider) decider = `${shortModule(module)} ${functionName || '(anonymous)'}`;
      const rule = MODULE_RULES.find(([pattern]) => pattern.test(module));
      if (rule) {
        bucket = reactEvents(rule[1], functionName);
        decider = `${shortModule(module)} ${functionName || '(anonymous)'}`;
        break;
      }
    }
    const leaf = nodes.get(nodeId)?.callFrame.functionName;
    if (bucket === null && leaf !== '(idle)')
      bucket = sawScript ? 'other script' : 'other (not script)';
    bucketOfNode.set(nodeId, bucket);
    deciderOfNode.set(nodeId, decider || (leaf ?? ''));
    return bucket;
  };

  const calls = onThread.filter((event) => event.name === 'FunctionCall');
  /** Who made the frame's work happen early: the script that read layout, or the frame itself. */
  const forcedBy = (event: Span): string => {
    const top = event.args?.beginData?.stackTrace?.[0];
    if (top?.url) {
      const module = maps.module(top.url, top.lineNumber - 1, top.columnNumber - 1) ?? top.url;
      return `forced by ${shortModule(module)} ${top.functionName || '(anonymous)'}`;
    }
    const call = calls.find((c) => c.start <= event.start && event.end <= c.end);
    const data = call?.args?.data as { url?: string; functionName?: string } | undefined;
    if (!call) return 'in the frame';
    return `forced by script (${data?.url ? shortModule(data.url) : 'unknown'})`;
  };
  const keys: KeyBreakdown[] = [];
  const notScript: Record<string, number> = {};
  const detail: Record<string, Record<string, number>> = {};
  const note = (bucket: Bucket, what: string, ms: number) => {
    const table = (detail[bucket] ??= {});
    table[what] = (table[what] ?? 0) + ms;
  };
  let busyMs = 0;
  let sampledMs = 0;
  for (const keydown of keydowns) {
    const frame = frameEnds.find((event) => event.ts >= keydown.end);
    if (!frame) continue;
    const window = { start: keydown.ts, end: frame.end };
    const ms = Object.fromEntries(BUCKETS.map((bucket) => [bucket, 0])) as Record<Bucket, number>;
    const rendering = [...styleLayout, ...paint].filter((event) => overlap(event, window) > 0);
    // Nested rendering events (Paint inside Commit…) count once, at the outermost.
    const outermost = rendering.filter(
      (event) =>
        !rendering.some(
          (other) =>
            other !== event &&
            other.ts <= event.ts &&
            other.end >= event.end &&
            (other.ts < event.ts || other.end > event.end),
        ),
    );
    for (const event of outermost) {
      const bucket = STYLE_LAYOUT.has(event.name) ? 'style/layout' : 'paint';
      const spent = overlap(event, window) / 1_000;
      ms[bucket] += spent;
      note(bucket, `${event.name} ${forcedBy(event)}`, spent);
    }
    const busy = tasks.filter((task) => overlap(task, window) > 0);
    busyMs += busy.reduce((sum, task) => sum + overlap(task, window), 0) / 1_000;
    busyMs -= outermost.reduce((sum, event) => sum + overlap(event, window), 0) / 1_000;
    const around = onThread.filter(
      (event) => !WRAPPERS.has(event.name) && event.end > event.start && overlap(event, window) > 0,
    );
    for (const sample of samples) {
      if (sample.ts < window.start || sample.ts >= window.end) continue;
      if (!inside(busy, sample.ts) || inside(outermost, sample.ts)) continue;
      const bucket = classify(sample.node);
      if (!bucket) continue;
      sampledMs += sample.weight / 1_000;
      if (bucket !== 'other (not script)') {
        ms[bucket] += sample.weight / 1_000;
        note(bucket, deciderOfNode.get(sample.node) ?? '', sample.weight / 1_000);
        continue;
      }
      // The profiler saw no script (it often cannot walk the stack under load): the trace's
      // innermost event around the sample says what ran. A function called from the event loop
      // (a listener, a timer, a frame callback) goes to its module's bucket.
      let innermost: Span | null = null;
      let call: Span | null = null;
      for (const event of around) {
        if (event.start > sample.ts || sample.ts >= event.end) continue;
        if (!innermost || event.end - event.start <= innermost.end - innermost.start)
          innermost = event;
        if (
          event.name === 'FunctionCall' &&
          (!call || event.end - event.start <= call.end - call.start)
        )
          call = event;
      }
      const data = call?.args?.data as
        { url?: string; lineNumber?: number; columnNumber?: number } | undefined;
      if (data?.url) {
        const module =
          maps.module(data.url, (data.lineNumber ?? 1) - 1, (data.columnNumber ?? 1) - 1) ??
          data.url;
        const callBucket = reactEvents(
          MODULE_RULES.find(([pattern]) => pattern.test(module))?.[1] ?? 'other script',
          (data as { functionName?: string }).functionName ?? '',
        );
        ms[callBucket] += sample.weight / 1_000;
        note(callBucket, `${shortModule(module)} (native, called)`, sample.weight / 1_000);
        continue;
      }
      ms[bucket] += sample.weight / 1_000;
      const name = innermost?.name ?? '(no event)';
      notScript[name] = (notScript[name] ?? 0) + sample.weight / 1_000;
    }
    keys.push({ wallMs: (window.end - window.start) / 1_000, ms });
  }
  return {
    keys,
    detail,
    notScript,
    sampleIntervalMs: typicalGap / 1_000,
    sampled: busyMs > 0 ? Math.min(1, sampledMs / busyMs) : 0,
  };
}

/** The table: bucket, median and p95 ms per key, share of the total. */
export function printBreakdown(breakdown: Breakdown): void {
  const { keys } = breakdown;
  const totals = keys.map((key) => BUCKETS.reduce((sum, bucket) => sum + key.ms[bucket], 0));
  const grand = totals.reduce((a, b) => a + b, 0);
  console.log(
    `\nWhere a key's time goes (editor main thread, keydown → the next frame's commit; ${keys.length} keys, one traced pass, a stack sample every ${breakdown.sampleIntervalMs.toFixed(2)} ms covering ${(100 * breakdown.sampled).toFixed(0)} % of the script time)`,
  );
  const widths = [26, 12, 12, 8];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 10)).join(' ');
  console.log(line(['bucket', 'median ms', 'p95 ms', 'share']));
  console.log('-'.repeat(widths.reduce((a, b) => a + b + 1, 0)));
  /** One row: a label, the median and p95 of `values`, and a share. */
  const row = (label: string, values: number[], share: string) =>
    console.log(
      line([label, percentile(values, 50).toFixed(2), percentile(values, 95).toFixed(2), share]),
    );
  for (const bucket of BUCKETS) {
    const values = keys.map((key) => key.ms[bucket]);
    const sum = values.reduce((a, b) => a + b, 0);
    row(bucket, values, grand > 0 ? `${((100 * sum) / grand).toFixed(0)} %` : '-');
  }
  row('main-thread total', totals, '100 %');
  row(
    'keydown → commit (wall)',
    keys.map((key) => key.wallMs),
    '',
  );
  // BENCH_BREAKDOWN_DETAIL=1: what in each bucket took the time.
  if (process.env.BENCH_BREAKDOWN_DETAIL === '1') {
    for (const [bucket, table] of Object.entries(breakdown.detail)) {
      const rows = Object.entries(table)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6);
      console.log(
        `  ${bucket}: ${rows.map(([what, value]) => `${what} ${(value / keys.length).toFixed(2)}`).join('; ')} (ms a key)`,
      );
    }
  }
  if (breakdown.sampled < 0.5)
    console.log(
      `Only ${(100 * breakdown.sampled).toFixed(0)} % of the busy time has stack samples (the trace lost some): script buckets read low.`,
    );
  const notScript = Object.entries(breakdown.notScript).sort((a, b) => b[1] - a[1]);
  const notScriptTotal = notScript.reduce((sum, [, value]) => sum + value, 0);
  if (notScriptTotal > 0)
    console.log(
      `'other (not script)' inside: ${notScript
        .slice(0, 5)
        .map(([name, value]) => `${name} ${((100 * value) / notScriptTotal).toFixed(0)} %`)
        .join(', ')}`,
    );
}

/** React's commits and the components rendered while typing, per key ("part: Component"). */
export function printReactRenders(
  counted: { commits: number; renders: Record<string, number> },
  keys: number,
): void {
  const rows = Object.entries(counted.renders).sort((a, b) => b[1] - a[1]);
  console.log(
    `\nReact while typing ${keys} keys: ${counted.commits} commits (${(counted.commits / keys).toFixed(2)} a key)`,
  );
  if (rows.length === 0) console.log('  no component rendered');
  for (const [component, count] of rows.slice(0, 12)) {
    console.log(
      `  ${component.padEnd(40)} ${String(count).padStart(4)}  ${(count / keys).toFixed(2)} a key`,
    );
  }
}
