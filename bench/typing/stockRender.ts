/**
 * The yardstick: ONE render of the same text by stock mermaid (its own `mermaid.min.js`, which
 * no patch of ours touches) in a blank page of the same Chromium, in the same run: three timed
 * renders after one warm-up (run.ts takes the median of two such sets, one before and one after
 * Lifeline's passes, as the machine's pace drifts over a run).
 */
import { createRequire } from 'node:module';
import type { Browser } from 'playwright-core';
import { mermaidConfig } from '../../src/shared/mermaid-config';

const require = createRequire(import.meta.url);
const STOCK_MERMAID = require.resolve('mermaid/dist/mermaid.min.js');

interface StockWindow {
  mermaid: {
    initialize(config: object): void;
    render(id: string, text: string): Promise<{ svg: string }>;
  };
}

export async function stockRenderTimes(browser: Browser, text: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: STOCK_MERMAID });
    const config = mermaidConfig('neutral');
    const times = await page.evaluate(
      async ({ diagram, settings }) => {
        const { mermaid } = window as unknown as StockWindow;
        mermaid.initialize(settings);
        const timings: number[] = [];
        for (let run = 0; run < 4; run++) {
          const started = performance.now();
          await mermaid.render(`stock${run}`, diagram);
          timings.push(performance.now() - started);
        }
        return timings.slice(1); // the first run warms mermaid up
      },
      { diagram: text, settings: { ...config, secure: [...config.secure] } },
    );
    return times;
  } finally {
    await context.close();
  }
}
