/**
 * Draws each diagram with stock mermaid and with the installed (patched) one, in the same
 * Chromium, and answers every difference: a drawing one draws and the other refuses, a different
 * error, or SVG text that is not byte-for-byte the same.
 */
import {
  launchMermaidPages,
  type Drawing,
  type MermaidPage,
} from '../../test/support/mermaid-pages';
import type { CorpusDiagram } from './random';
import { answerOf, openStockRecord } from './stock-record';

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
  /** How many of stock's answers came from its record rather than a live drawing. */
  recorded(): number;
  close(): Promise<void>;
}

/**
 * `record` names the stock record (stock-record.ts) of a list always drawn in the same order;
 * without it stock draws every text live.
 */
export async function openComparison(record?: string): Promise<StockComparison> {
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
  const stockRecord = openStockRecord(record, pages.version());
  // Every text compared so far; stock has drawn the first `stockDrawn` of them.
  const texts: string[] = [];
  let stockDrawn = 0;
  let fromRecord = 0;
  // Stock mermaid keeps state from one drawing to the next: its line-break regex is global,
  // so each test() starts where the previous match ended (a label ending in `<br>` drawn
  // right after one ending in `<br/>` is refused). A diagram with a new label and no line
  // break leaves that state as a freshly loaded mermaid has it: each text is drawn as it
  // would be on its own, so a difference can be shrunk and kept as a regression case.
  const settle = (n: number) => `sequenceDiagram\n    A->>B: settle ${n}\n`;
  /** Stock draws every text it skipped (its record answered), then the newest one. */
  async function stockLive(): Promise<Drawing> {
    let drawing: Drawing | undefined;
    while (stockDrawn < texts.length) {
      const n = stockDrawn + 1;
      await stock.render(`settle${n}`, settle(n));
      // The same id in both pages: mermaid derives the SVG's ids from it.
      drawing = await stock.render(`corpus${n}`, texts[stockDrawn]!);
      stockDrawn = n;
    }
    return drawing!;
  }
  return {
    async compare(text) {
      texts.push(text);
      const n = texts.length;
      const key = stockRecord.next(text);
      const recorded = stockRecord.answer(key);
      let before: Drawing;
      let after: Drawing;
      if (recorded === undefined) {
        // Each page has its own renderer process: both draw at once.
        const patchedDrawing = patched
          .render(`settle${n}`, settle(n))
          .then(() => patched.render(`corpus${n}`, text));
        [before, after] = await Promise.all([stockLive(), patchedDrawing]);
        stockRecord.keep(key, answerOf(before, normalise));
      } else {
        await patched.render(`settle${n}`, settle(n));
        after = await patched.render(`corpus${n}`, text);
        if (answerOf(after, normalise) === recorded) {
          fromRecord += 1;
          return recorded.startsWith('svg ')
            ? { stockDraws: true, why: null }
            : { stockDraws: false, stockError: 'error' in after ? after.error : '', why: null };
        }
        // The record disagrees: stock draws it live, and that decides.
        before = await stockLive();
      }
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
    recorded: () => fromRecord,
    async close() {
      stockRecord.save();
      await pages.close();
    },
  };
}

export async function compareWithStock(
  diagrams: CorpusDiagram[],
  record?: string,
): Promise<{ drawn: number; refused: string[]; differences: Difference[] }> {
  const comparison = await openComparison(record);
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
