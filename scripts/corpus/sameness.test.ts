/**
 * Lifeline's patched mermaid draws exactly what stock mermaid draws: the same SVG text, byte for
 * byte (so the same texts at the same positions), and refuses exactly what stock refuses. Runs a
 * sample of the corpus that covers every diagram kind and every documented sequence diagram
 * construct, plus every fixture;
 * `npm run test:corpus` runs the whole corpus.
 */
import { describe, expect, it } from 'vitest';
import { launchMermaidPages, type Drawing } from '../../test/support/mermaid-pages';
import {
  buildCorpus,
  fixtureDiagrams,
  isDocumentedExample,
  mermaidSpecDiagrams,
  sampleCorpus,
} from './corpus';
import { REGRESSIONS } from './regressions';
import { compareWithStock } from './sameness';

const whole = process.env.CORPUS === 'all';
const corpus = buildCorpus();
/** Mermaid's own rendering-spec diagrams that stock mermaid draws (test/fixtures/mermaid-spec). */
const specDiagrams = mermaidSpecDiagrams();
const fixtures = fixtureDiagrams();

describe('patched mermaid against stock mermaid', () => {
  it('the corpus holds at least 500 diagrams of every kind', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(500);
    expect(new Set(corpus.map((d) => d.name)).size).toBe(corpus.length);
  });

  it('draws every regression case as stock mermaid draws it', { timeout: 120_000 }, async () => {
    const { refused, differences } = await compareWithStock(REGRESSIONS, 'regressions');
    expect(differences).toEqual([]);
    // A case stock refuses would prove nothing.
    expect(refused).toEqual([]);
  });

  it(
    'draws a diagram the same whatever the page drew before it',
    { timeout: 120_000 },
    async () => {
      const pages = await launchMermaidPages();
      try {
        const [stock, patched] = [await pages.open('mermaid-stock'), await pages.open('mermaid')];
        const before = 'sequenceDiagram\n    Alice->>John: Hello John<br/>\n';
        const after = 'sequenceDiagram\n    Alice->>John: Hello John<br>\n';
        // Stock mermaid refuses `after` right after `before` (its global line-break regex keeps
        // where the last match ended), though it draws it alone: the settled drawing below.
        await stock.render('before', before);
        expect(await stock.render('after', after)).toMatchObject({ error: expect.any(String) });
        await stock.render('settle', 'sequenceDiagram\n    A->>B: settle\n');
        const alone = await stock.render('after', after);
        await patched.render('before', before);
        const drawn = await patched.render('after', after);
        // The participants' ids count the participants the page has drawn: not compared.
        const svg = (d: Drawing) =>
          'svg' in d ? d.svg.replace(/(?<=id="(?:actor|root-))\d+/g, '') : d.error;
        expect(svg(drawn)).toBe(svg(alone));
        expect(alone).toHaveProperty('svg');
      } finally {
        await pages.close();
      }
    },
  );

  it(
    `draws ${whole ? 'every one' : 'a sample'} of mermaid's rendering-spec diagrams as stock draws it`,
    { timeout: whole ? 3_600_000 : 600_000 },
    async () => {
      expect(specDiagrams.length).toBeGreaterThan(300);
      const diagrams = whole ? specDiagrams : specDiagrams.filter((_, i) => i % 10 === 0);
      const { refused, differences } = await compareWithStock(
        diagrams,
        whole ? undefined : 'spec-sample',
      );
      expect(differences).toEqual([]);
      // Kept only because stock draws them (excluded.json lists the others).
      expect(refused).toEqual([]);
    },
  );

  it(
    `draws the same SVG for ${whole ? 'the whole corpus' : 'a corpus sample'} and every fixture`,
    {
      timeout: whole ? 3_600_000 : 600_000,
    },
    async () => {
      const diagrams = [...fixtures, ...(whole ? corpus : sampleCorpus(corpus, 60))];
      const { drawn, refused, differences } = await compareWithStock(
        diagrams,
        whole ? undefined : 'corpus-sample',
      );
      expect(differences).toEqual([]);
      // Most of it must be drawings, not errors: a corpus stock refuses proves nothing.
      expect(drawn).toBeGreaterThan(diagrams.length * 0.8);
      expect(refused.filter(isDocumentedExample)).toEqual([]);
    },
  );
});
