/** Lifeline's preview times as multiples of one stock mermaid render, against their goals. */
import { loadavg } from 'node:os';
import type { ModeRun } from './measureMode';
import { percentile, type Summary } from './report';

/**
 * The goals: a key painted within one frame (p95 at most 16 ms on an idle machine, none over
 * 50 ms), the first drawing of large.mmd at most 0.6× one stock render in every pass, and the
 * drawing after the last key at most 0.6× one stock render.
 */
export const GOALS = {
  lastKeyToDrawing: 0.6,
  firstDrawing: 0.6,
  keystrokeToPaintP95Ms: 16,
  keystrokeToPaintMaxMs: 50,
} as const;

export const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

/** How many keys showed in the first frame that ran after them (the probe counts the rest). */
export function firstFrameShare(framesMissed: number[]): string {
  const first = framesMissed.filter((missed) => missed === 0).length;
  const worst = Math.max(0, ...framesMissed);
  return `${first} of ${framesMissed.length} keys (${((100 * first) / Math.max(1, framesMissed.length)).toFixed(0)} %) painted in the first frame after them, the latest ${worst} frame${worst === 1 ? '' : 's'} late`;
}

export function printStockRatios(ours: Summary, stockMs: number, runs: ModeRun[]): void {
  const lastKey = ours.lastKeyToPreviewMs / stockMs;
  const firsts = runs.map((run) => run.firstRenderMs / stockMs);
  const worstFirst = Math.max(...firsts);
  console.log(
    `\none stock mermaid render of large.mmd (same Chromium, median of 6): ${stockMs.toFixed(1)} ms`,
  );
  console.log(
    `Lifeline, ${ours.passes} passes (median pass; p95 over all ${ours.keystrokes} keys; load ${loadavg()[0]!.toFixed(1)}):`,
  );
  console.log(
    `last keystroke → updated drawing: ${lastKey.toFixed(2)}× stock (goal ≤ ${GOALS.lastKeyToDrawing}×, ${verdict(lastKey <= GOALS.lastKeyToDrawing)})`,
  );
  console.log(
    `first drawing of large.mmd:        ${worstFirst.toFixed(2)}× stock in the slowest pass (goal ≤ ${GOALS.firstDrawing}× in every pass, ${verdict(worstFirst <= GOALS.firstDrawing)})`,
  );
  console.log(
    `keystroke → paint p95:             ${ours.p95.toFixed(1)} ms (goal ≤ ${GOALS.keystrokeToPaintP95Ms} ms, ${verdict(ours.p95 <= GOALS.keystrokeToPaintP95Ms)})`,
  );
  console.log(
    `keystroke → paint max:             ${ours.max.toFixed(1)} ms (goal ≤ ${GOALS.keystrokeToPaintMaxMs} ms, ${verdict(ours.max <= GOALS.keystrokeToPaintMaxMs)})`,
  );
  console.log(
    `one frame a key:                   ${firstFrameShare(runs.flatMap((run) => run.framesMissed))}`,
  );
}

/** Each pass on its own, so a median that meets a goal does not hide a pass that missed it. */
export function printPasses(runs: ModeRun[], stockMs: number): void {
  for (const [index, run] of runs.entries()) {
    const lastKey = (run.lastKeyToPreviewMs / stockMs).toFixed(2);
    const first = (run.firstRenderMs / stockMs).toFixed(2);
    const p95 = percentile(run.latenciesMs, 95).toFixed(1);
    console.log(
      `  pass ${index + 1}: last keystroke ${lastKey}×, first drawing ${first}×, p95 ${p95} ms (${run.latenciesMs.length} keys)`,
    );
  }
}
