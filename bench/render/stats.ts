/** Small statistics and formatting helpers for the render benchmark. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Summary {
  n: number;
  median: number;
  p95: number;
}

export function summarise(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { n: sorted.length, median: at(0.5), p95: at(0.95) };
}

export async function timeEach(runs: number, warmup: number, once: () => Promise<unknown>) {
  for (let i = 0; i < warmup; i += 1) await once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once();
    samples.push(performance.now() - started);
  }
  return summarise(samples);
}

export const ms = (value: number) =>
  Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(2) : value.toFixed(0);

export const fmt = (s: Summary | undefined) => (s ? `${ms(s.median)} / ${ms(s.p95)}` : '–');

/** Chromium's processes by kind, from their command line's `--type=` (none: the browser). */
export type ProcessKind = 'browser' | 'renderer' | 'gpu' | 'utility' | 'other';

function kindOf(pid: number): ProcessKind {
  try {
    const type = /--type=([a-z-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1];
    if (!type) return 'browser';
    if (type === 'renderer' || type === 'utility') return type;
    return type === 'gpu-process' ? 'gpu' : 'other';
  } catch {
    return 'other'; // exited meanwhile
  }
}

/**
 * Resident memory in MB of a process and all its descendants (Chromium's many processes), the
 * descendants also by kind, so that a step in the series says which of them took it.
 */
export function treeRssMb(rootPid: number): {
  self: number;
  children: number;
  byKind: Partial<Record<ProcessKind, { mb: number; count: number }>>;
} {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const kids = new Map<number, number[]>();
  for (const [pid, ppid] of rows) kids.set(ppid, [...(kids.get(ppid) ?? []), pid]);
  const rss = new Map(rows.map(([pid, , kb]) => [pid, kb]));
  let children = 0;
  const byKind: Partial<Record<ProcessKind, { mb: number; count: number }>> = {};
  const stack = [...(kids.get(rootPid) ?? [])];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    const kb = rss.get(pid) ?? 0;
    children += kb;
    // Node's own helpers (none today) would read as 'browser': only Chromium is launched here.
    const entry = (byKind[kindOf(pid)] ??= { mb: 0, count: 0 });
    entry.mb += kb / 1024;
    entry.count += 1;
    stack.push(...(kids.get(pid) ?? []));
  }
  return { self: (rss.get(rootPid) ?? 0) / 1024, children: children / 1024, byKind };
}
