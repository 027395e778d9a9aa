/**
 * Draws each diagram with stock mermaid and with the installed (patched) one, in the same
 * Chromium, and answers every difference: a drawing one draws and the other refuses, a different
 * error, or SVG text that is not byte-for-byte the same.
 */
import { launchMermaidPages } from '../../test/mermaid-pages';
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

export async function compareWithStock(
  diagrams: CorpusDiagram[],
): Promise<{ drawn: number; refused: string[]; differences: Difference[] }> {
  const pages = await launchMermaidPages();
  const differences: Difference[] = [];
  let drawn = 0;
  const refused: string[] = [];
  try {
    const stock = await pages.open('mermaid-stock');
    const patched = await pages.open('mermaid');
    for (const [i, { name, text }] of diagrams.entries()) {
      // The same id in both pages: mermaid derives the SVG's ids from it.
      const id = `corpus${i}`;
      const before = await stock.render(id, text);
      const after = await patched.render(id, text);
      if ('svg' in before) {
        drawn += 1;
        if (!('svg' in after)) differences.push({ name, why: `patched refuses: ${after.error}` });
        else if (normalise(after.svg) !== normalise(before.svg)) {
          differences.push({ name, why: firstDifference(before.svg, after.svg) });
        }
      } else {
        refused.push(name);
        if ('svg' in after)
          differences.push({ name, why: `stock refuses (${before.error}), patched draws` });
        else if (after.error !== before.error) {
          differences.push({ name, why: `errors differ: ${before.error} / ${after.error}` });
        }
      }
    }
  } finally {
    await pages.close();
  }
  return { drawn, refused, differences };
}
