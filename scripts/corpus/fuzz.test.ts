/**
 * The differential fuzzer (fuzz.ts) against stock mermaid: each generated diagram is drawn by
 * stock mermaid and by the patched one in the same Chromium and must be the same SVG, byte for
 * byte, or the same refusal. A difference is shrunk to a small diagram and printed: keep it in
 * regressions.ts. `npm test` draws a fixed seed's first few hundred cases, `npm run test:corpus`
 * thousands (FUZZ_SEED and FUZZ_CASES choose others).
 */
import { describe, expect, it } from 'vitest';
import { fuzzCases, shrink } from './fuzz';
import { openComparison, type Difference } from './sameness';

const whole = process.env.CORPUS === 'all';
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const COUNT = Number(process.env.FUZZ_CASES ?? (whole ? 5000 : 300));

describe('the differential fuzzer', () => {
  it(
    `draws ${COUNT} generated diagrams of seed ${SEED} as stock mermaid draws them`,
    { timeout: whole ? 7_200_000 : 600_000 },
    async () => {
      // The default seed's cases keep stock's answers in a record (stock-record.ts).
      const usual = !whole && !process.env.FUZZ_SEED && !process.env.FUZZ_CASES;
      const comparison = await openComparison(usual ? `fuzz-${SEED}-${COUNT}` : undefined);
      const differences: Difference[] = [];
      const kinds = new Map<string, { cases: number; drawn: number }>();
      try {
        for (const [n, { name, text }] of fuzzCases(SEED, COUNT).entries()) {
          if (n > 0 && n % 500 === 0) console.log(`${n} of ${COUNT} cases drawn`);
          const { stockDraws, why } = await comparison.compare(text);
          const kind = name.slice(name.lastIndexOf('-') + 1);
          const tally = kinds.get(kind) ?? { cases: 0, drawn: 0 };
          kinds.set(kind, { cases: tally.cases + 1, drawn: tally.drawn + (stockDraws ? 1 : 0) });
          if (why === null) continue;
          const smallest = await shrink(
            text,
            async (candidate) => (await comparison.compare(candidate)).why !== null,
          );
          const shrunk = (await comparison.compare(smallest)).why ?? why;
          console.log(`${name} differs from stock: ${shrunk}\n--- smallest case ---\n${smallest}`);
          differences.push({ name, why: `${shrunk}\n${smallest}` });
        }
        console.log(`${comparison.recorded()} of ${COUNT} stock answers from its record`);
      } finally {
        await comparison.close();
      }
      console.log(
        [...kinds]
          .map(([kind, t]) => `${kind}: ${t.drawn} of ${t.cases} drawn by stock`)
          .join(', '),
      );
      expect(differences).toEqual([]);
      // Generated text stock refuses proves nothing: most of each kind must be drawings.
      for (const [kind, { cases, drawn }] of kinds) {
        expect(drawn, `${kind}: ${drawn} of ${cases} drawn`).toBeGreaterThan(cases * 0.6);
      }
    },
  );
});
