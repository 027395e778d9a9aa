/**
 * Draws each diagram with stock mermaid and with the installed (patched) one, in the same
 * Chromium, and answers every difference: a drawing one draws and the other refuses, a different
 * error, or SVG text that is not byte-for-byte the same.
 */
import { launchMermaidPages, type MermaidPage } from '../../test/support/mermaid-pages';
import type { CorpusDiagram } from './random';

export interface Difference {
  name: string;
  why: string;
}

/** Iconify draws its icons with ids made of the clock and a random number: the same in both. */
const normalise = (svg: string) => svg.replace(/IconifyId[0-9a-f]+/g, 'IconifyId');

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return `stock …${a.slice(Math.max(0, i - 80), i + 80)}… patched …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

/** Two pages of one Chromium, stock and patched, drawing the same texts in the same order. */
export interface StockComparison {
  /** Why the patched drawing of `text` differs from stock's, or null when it does not. */
  compare(text: string): Promise<{ stockDraws: boolean; stockError?: string; why: string | null }>;
  close(): Promise<void>;
}

export async function openComparison(): Promise<StockComparison> {
  const pages = await launchMermaidPages();
  let stock: MermaidPage;
  let patched: MermaidPage;
  try {
    stock = await pages.open('mermaid-stock');
    patched = await pages.open('mermaid');
  } catch (error) {
    await pages.close();
    throw error;
  }
  let count = 0;
  return {
    async compare(text) {
      count += 1;
      // Stock mermaid keeps state from one drawing to the next: its line-break regex is global,
      // so each test() starts where the previous match ended (a label ending in `<br>` drawn
      // right after one ending in `<br/>` is refused). A diagram with a new label and no line
      // break leaves that state as a freshly loaded mermaid has it: each text is drawn as it
      // would be on its own, so a difference can be shrunk and kept as a regression case.
      const settle = `sequenceDiagram\n    A->>B: settle ${count}\n`;
      // Each page has its own renderer process: both draw at once.
      await Promise.all([stock, patched].map((page) => page.render(`settle${count}`, settle)));
      // The same id in both pages: mermaid derives the SVG's ids from it.
      const id = `corpus${count}`;
      const [before, after] = await Promise.all([stock.render(id, text), patched.render(id, text)]);
      if ('svg' in before) {
        if (!('svg' in after)) return { stockDraws: true, why: `patched refuses: ${after.error}` };
        if (normalise(after.svg) !== normalise(before.svg)) {
          return { stockDraws: true, why: firstDifference(before.svg, after.svg) };
        }
        return { stockDraws: true, why: null };
      }
      const refused = { stockDraws: false, stockError: before.error };
      if ('svg' in after)
        return { ...refused, why: `stock refuses (${before.error}), patched draws` };
      if (after.error !== before.error) {
        return { ...refused, why: `errors differ: ${before.error} / ${after.error}` };
      }
      return { ...refused, why: null };
    },
    close: () => pages.close(),
  };
}

export async function compareWithStock(
  diagrams: CorpusDiagram[],
): Promise<{ drawn: number; refused: string[]; differences: Difference[] }> {
  const comparison = await openComparison();
  const differences: Difference[] = [];
  let drawn = 0;
  const refused: string[] = [];
  try {
    for (const { name, text } of diagrams) {
      const { stockDraws, why } = await comparison.compare(text);
      if (stockDraws) drawn += 1;
      else refused.push(name);
      if (why !== null) differences.push({ name, why });
    }
  } finally {
    await comparison.close();
  }
  return { drawn, refused, differences };
}
