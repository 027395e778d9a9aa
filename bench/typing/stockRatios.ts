/** Lifeline's preview times as multiples of one stock mermaid render, against their goals. */
import type { Summary } from './report';

const GOALS = { lastKeyToDrawing: 0.6, firstDrawing: 1.2, keystrokeToPaintP95Ms: 50 } as const;

export function printStockRatios(ours: Summary, stockMs: number): void {
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const lastKey = ours.lastKeyToPreviewMs / stockMs;
  const first = ours.firstRenderMs / stockMs;
  console.log(`\none stock mermaid render of large.mmd (same Chromium): ${stockMs.toFixed(1)} ms`);
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
