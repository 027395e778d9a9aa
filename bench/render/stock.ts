/**
 * Stock mermaid against Lifeline's patched mermaid, in-page, in one Chromium, runs interleaved so
 * both see the same machine load: the baseline every render figure is compared with.
 */
import { launchMermaidPages } from '../../test/support/mermaid-pages';
import { summarise, type Summary } from './stats';

export interface StockVersusPatched {
  stock: Summary;
  patched: Summary;
}

export async function stockVersusPatched(
  diagrams: Record<string, string>,
  runs: number,
): Promise<Record<string, StockVersusPatched>> {
  const pages = await launchMermaidPages();
  const result: Record<string, StockVersusPatched> = {};
  let sequence = 0;
  try {
    // Stock as mermaid ships it (the minified build); patched as the server pages load it.
    const stock = await pages.open('mermaid-stock', 'mermaid.min.js');
    const patched = await pages.open('mermaid', 'mermaid.js');
    for (const [name, text] of Object.entries(diagrams)) {
      const times = { stock: [] as number[], patched: [] as number[] };
      for (let i = 0; i < runs + 2; i += 1) {
        for (const [label, page] of [
          ['stock', stock],
          ['patched', patched],
        ] as const) {
          const drawing = await page.render(`bench${(sequence += 1)}`, text);
          if ('error' in drawing)
            throw new Error(`${label} mermaid refused ${name}: ${drawing.error}`);
          if (i >= 2) times[label].push(drawing.ms);
        }
      }
      result[name] = { stock: summarise(times.stock), patched: summarise(times.patched) };
    }
  } finally {
    await pages.close();
  }
  return result;
}
