/**
 * Typing under load: Lifeline's keystroke → paint at 200 and 600 messages, on the idle machine
 * and with a second process keeping one core busy (as a build, a video call or another tab does
 * on a person's laptop). One pass per cell; printed after the main table.
 */
import { spawn } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { measureMode } from './measureMode';
import { percentile } from './report';
import { firstFrameShare, verdict } from './stockRatios';

const OPENS_BLOCK = /^\s*(loop|alt|opt|par|critical|break|rect|box)\b/;
const CLOSES_BLOCK = /^\s*end\s*$/;

/**
 * The diagram up to its `count`th message (the lines naming "message N"), its open blocks
 * closed: the same participants and nesting, fewer messages.
 */
export function firstMessages(diagram: string, count: number): string {
  const kept: string[] = [];
  let open = 0;
  for (const line of diagram.split('\n')) {
    kept.push(line);
    if (OPENS_BLOCK.test(line)) open += 1;
    else if (CLOSES_BLOCK.test(line)) open -= 1;
    const number = /\bmessage (\d+)\b/.exec(line)?.[1];
    if (number && Number(number) >= count) break;
  }
  for (; open > 0; open -= 1) kept.push('end');
  return kept.join('\n');
}

export interface LoadRow {
  diagram: string;
  load: string;
  p50: number;
  p95: number;
  max: number;
  lastKeyToPreviewMs: number;
  framesMissed: number[];
}

/** Keeps one core busy until stopped. */
function busyCore(): () => void {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  child.on('error', () => undefined);
  return () => void child.kill('SIGKILL');
}

export async function typingUnderLoad(
  browser: Browser,
  base: string,
  large: string,
  typed: string,
  intervalMs: number,
): Promise<LoadRow[]> {
  const diagrams = [
    { name: '200 messages', text: firstMessages(large, 200) },
    { name: '600 messages', text: large },
  ];
  const rows: LoadRow[] = [];
  for (const { name, text } of diagrams) {
    for (const load of ['idle', 'one core busy'] as const) {
      const stop = load === 'idle' ? () => undefined : busyCore();
      try {
        const run = await measureMode(browser, `${name}, ${load}`, base, text, typed, intervalMs);
        rows.push({
          diagram: name,
          load,
          p50: percentile(run.latenciesMs, 50),
          p95: percentile(run.latenciesMs, 95),
          max: Math.max(...run.latenciesMs),
          lastKeyToPreviewMs: run.lastKeyToPreviewMs,
          framesMissed: run.framesMissed,
        });
      } finally {
        stop();
      }
    }
  }
  return rows;
}

/** p95 within one frame on an idle machine, 25 ms with a core busy; no key over 50 ms. */
const LOAD_GOALS = { idleP95Ms: 16, busyP95Ms: 25, maxMs: 50 } as const;

export function printLoadTable(rows: LoadRow[]): void {
  console.log(
    `\nkeystroke → paint under load (Lifeline, one pass each; goals: p95 ≤ ${LOAD_GOALS.idleP95Ms} ms idle, ≤ ${LOAD_GOALS.busyP95Ms} ms with a core busy, no key over ${LOAD_GOALS.maxMs} ms)`,
  );
  console.log(
    `${'diagram'.padEnd(14)}${'machine'.padEnd(16)}${'p50'.padStart(8)}${'p95'.padStart(8)}${'max'.padStart(8)}  goals   last key → preview`,
  );
  for (const row of rows) {
    const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(8);
    const p95Goal = row.load === 'idle' ? LOAD_GOALS.idleP95Ms : LOAD_GOALS.busyP95Ms;
    const met = row.p95 <= p95Goal && row.max <= LOAD_GOALS.maxMs;
    console.log(
      `${row.diagram.padEnd(14)}${row.load.padEnd(16)}${ms(row.p50)}${ms(row.p95)}${ms(row.max)}  ${verdict(met).padEnd(8)}${row.lastKeyToPreviewMs.toFixed(0)} ms; ${firstFrameShare(row.framesMissed)}`,
    );
  }
}
