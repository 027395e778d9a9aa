/** Percentiles, the comparison table and the results file. */
import { mkdirSync, writeFileSync } from 'node:fs';
import type { ModeRun } from './measureMode';

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? NaN;
}

export interface Summary {
  label: string;
  /** Typing passes, each in a fresh editor (see run.ts). */
  passes: number;
  keystrokes: number;
  p50: number;
  p95: number;
  max: number;
  lastKeyToPreviewMs: number;
  mainThreadMaxStallMs: number;
  firstRenderMs: number;
  longestKeyGapMs: number;
  frameOutOfProcess: boolean | null;
}

export const median = (values: number[]): number => percentile(values, 50);

/**
 * One mode's passes together: keystroke latencies pooled (a p95 of one pass's 50 keys is its
 * third-slowest key), and each pass's once-only times (first drawing, last key → preview) as
 * their median.
 */
export function summarise(runs: ModeRun[]): Summary {
  const values = runs.flatMap((run) => run.latenciesMs);
  const middle = (pick: (run: ModeRun) => number) => median(runs.map(pick));
  return {
    label: runs[0]?.label ?? '',
    passes: runs.length,
    keystrokes: values.length,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    max: Math.max(...values),
    lastKeyToPreviewMs: middle((run) => run.lastKeyToPreviewMs),
    mainThreadMaxStallMs: middle((run) => run.mainThreadMaxStallMs),
    firstRenderMs: middle((run) => run.firstRenderMs),
    longestKeyGapMs: Math.max(...runs.map((run) => run.longestKeyGapMs)),
    frameOutOfProcess: runs.every((run) => run.frameOutOfProcess === null)
      ? null
      : runs.every((run) => run.frameOutOfProcess === true),
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const ratio = (baseline: number, ours: number) => `${(baseline / ours).toFixed(1)}×`;

export function printTable(ours: Summary, baseline: Summary): void {
  const rows: [string, (s: Summary) => string, string][] = [
    ['keystroke→paint p50', (s) => ms(s.p50), ratio(baseline.p50, ours.p50)],
    ['keystroke→paint p95', (s) => ms(s.p95), ratio(baseline.p95, ours.p95)],
    ['keystroke→paint max', (s) => ms(s.max), ratio(baseline.max, ours.max)],
    [
      'last key→preview',
      (s) => ms(s.lastKeyToPreviewMs),
      ratio(baseline.lastKeyToPreviewMs, ours.lastKeyToPreviewMs),
    ],
    [
      'main-thread stall (first draw)',
      (s) => ms(s.mainThreadMaxStallMs),
      ratio(baseline.mainThreadMaxStallMs, ours.mainThreadMaxStallMs),
    ],
    [
      'first draw of large.mmd',
      (s) => ms(s.firstRenderMs),
      ratio(baseline.firstRenderMs, ours.firstRenderMs),
    ],
    ['passes (medians of passes above)', (s) => String(s.passes), ''],
    ['keystrokes measured', (s) => String(s.keystrokes), ''],
    ['longest gap between keys', (s) => ms(s.longestKeyGapMs), ''],
    [
      'frame out of process',
      (s) => (s.frameOutOfProcess === null ? 'n/a' : String(s.frameOutOfProcess)),
      '',
    ],
  ];
  const widths = [32, 16, 16, 16];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 12)).join(' ');
  console.log(line(['metric', ours.label, baseline.label, 'baseline/ours']));
  console.log('-'.repeat(widths.reduce((a, b) => a + b + 1, 0)));
  for (const [name, cell, factor] of rows)
    console.log(line([name, cell(ours), cell(baseline), factor]));
}

export function writeResults(payload: object): string {
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/typing-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}
