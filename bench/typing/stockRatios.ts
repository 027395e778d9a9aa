/** Lifeline's preview times as multiples of one stock mermaid render, against their goals. */
import type { ModeRun } from './measureMode';
import { percentile, type Summary } from './report';

const GOALS = { lastKeyToDrawing: 0.6, firstDrawing: 1.2, keystrokeToPaintP95Ms: 50 } as const;

export function printStockRatios(ours: Summary, stockMs: number): void {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const lastKey = ours.lastKeyToPreviewMs / stockMs;
  const first = ours.firstRenderMs / stockMs;
  console.log(
    `\none stock mermaid render of large.mmd (same Chromium, median of 6): ${stockMs.toFixed(1)} ms`,
  );
  console.log(
    `Lifeline, ${ours.passes} passes (median pass; p95 over all ${ours.keystrokes} keys):`,
  );
  console.log(
    `last keystroke → updated drawing: ${lastKey.toFixed(2)}× stock (goal ≤ ${GOALS.lastKeyToDrawing}×, ${verdict(lastKey <= GOALS.lastKeyToDrawing)})`,
  );
  console.log(
    `first drawing of large.mmd:        ${first.toFixed(2)}× stock (goal ≤ ${GOALS.firstDrawing}×, ${verdict(first <= GOALS.firstDrawing)})`,
  );
  console.log(
    `keystroke → paint p95:             ${ours.p95.toFixed(1)} ms (goal < ${GOALS.keystrokeToPaintP95Ms} ms, ${verdict(ours.p95 < GOALS.keystrokeToPaintP95Ms)})`,
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
