/**
 * Styling statements (classDef, style, class, linkStyle) in sequence diagrams and sameness with
 * stock mermaid. The drawing module gives mermaid a styled diagram's text with those lines
 * emptied, and any other text exactly as written: every corpus, spec, fixture and fuzzer text is
 * left as it is (so it is drawn as stock draws it), generated styling statements with safe and
 * hostile values are emptied and never let a value through that the filter refuses, and stock
 * mermaid draws the emptied text exactly as it draws the text without the statements.
 */
import { describe, expect, it } from 'vitest';
import { launchMermaidPages } from '../../test/support/mermaid-pages';
import {
  checkStyleProperty,
  SAFE_STYLE_PROPERTIES,
} from '../../src/shared/mermaid-reader/safe-style';
import { separateStyleStatements } from '../../src/shared/mermaid-reader/sequence-styles';
import { participantsOf, readSequence } from '../../src/shared/mermaid-reader/sequence';
import { buildCorpus, fixtureDiagrams, mermaidSpecDiagrams } from './corpus';
import { fuzzCases } from './fuzz';
import { seeded, type Random } from './random';

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CASES = 2000;

const VALUES = [
  '#fef3c7',
  '#B45309',
  'rebeccapurple',
  'rgb(1, 2, 3)',
  'hsl(240 50% 40%)',
  '2px',
  '1.5',
  '5 5',
  '0.4',
  'bold',
  'italic',
  'url(javascript:alert(1))',
  'url(#x)',
  'expression(alert(1))',
  '@import url(x)',
  'red;}</style><script>alert(1)</script>',
  'x'.repeat(300),
  '"quoted"',
  '\\65 xpression',
  '{}',
  '<b>',
  '',
];
const PROPERTIES = [...SAFE_STYLE_PROPERTIES, 'background', 'filter', '-moz-binding', 'behavior'];

function properties(random: Random): string {
  const count = random.int(1, 4);
  return Array.from(
    { length: count },
    () => `${random.pick(PROPERTIES)}:${random.pick(VALUES)}`,
  ).join(',');
}

function styleStatement(random: Random, participants: string[], messages: number): string {
  const someone = () =>
    random.chance(0.8) && participants[0] ? random.pick(participants) : 'Ghost';
  const className = `c${random.int(0, 3)}`;
  switch (random.int(0, 3)) {
    case 0:
      return `classDef ${className} ${properties(random)}`;
    case 1:
      return `style ${someone()} ${properties(random)}`;
    case 2:
      return `class ${[someone(), someone()].join(',')} ${className}`;
    default: {
      const target = random.chance(0.3) ? 'default' : String(random.int(0, messages + 2));
      return `linkStyle ${target} ${properties(random)}`;
    }
  }
}

/** `text` with styling statements put on random lines after the header, and where they went. */
function withStatements(text: string, random: Random): { styled: string; at: Set<number> } {
  const lines = text.split('\n');
  const statements = readSequence(text);
  const header = statements.findIndex((statement) => statement.kind === 'header');
  const participants = participantsOf(statements.slice(header + 1)).map((p) => p.name);
  const messages = statements.filter((statement) => statement.kind === 'message').length;
  const out = lines.slice(0, header + 1);
  const at = new Set<number>();
  for (const line of lines.slice(header + 1)) {
    while (random.chance(0.3)) {
      at.add(out.length);
      out.push(`    ${styleStatement(random, participants, messages)}`);
    }
    out.push(line);
  }
  return { styled: out.join('\n'), at };
}

const sequenceCases = fuzzCases(SEED, CASES).filter((c) => c.name.endsWith('-sequence'));

describe('styling statements and stock mermaid', () => {
  it('leaves every text without styling statements exactly as written', () => {
    const all = [
      ...buildCorpus(),
      ...mermaidSpecDiagrams(),
      ...fixtureDiagrams(),
      ...fuzzCases(SEED, CASES),
    ];
    expect(all.length).toBeGreaterThan(3000);
    const changed = all
      .filter(({ text }) => {
        const separated = separateStyleStatements(text);
        return separated.text !== text || separated.styles !== null;
      })
      .map(({ name }) => name);
    expect(changed).toEqual([]);
  });

  it('empties generated styling statements and lets only filtered values through', () => {
    expect(sequenceCases.length).toBeGreaterThan(500);
    let styledCases = 0;
    for (const [n, { name, text }] of sequenceCases.entries()) {
      const random = seeded(SEED + n);
      const { styled, at } = withStatements(text, random);
      if (at.size === 0) continue;
      styledCases++;
      const separated = separateStyleStatements(styled);
      const lines = separated.text.split('\n');
      const expected = styled.split('\n').map((line, index) => (at.has(index) ? '' : line));
      expect(lines, name).toEqual(expected);
      const styles = separated.styles!;
      for (const style of [...styles.participants.values(), ...styles.messages.values()]) {
        for (const [property, value] of Object.entries(style)) {
          expect(checkStyleProperty(property, value), `${name}: ${property}:${value}`).toEqual({
            ok: true,
            property,
            value,
          });
        }
      }
    }
    expect(styledCases).toBeGreaterThan(sequenceCases.length / 2);
  });

  it(
    'stock mermaid draws the emptied text as it draws the text without the statements',
    { timeout: 300_000 },
    async () => {
      const pages = await launchMermaidPages();
      try {
        // Two stock pages with the same history: mermaid numbers some ids across drawings, and
        // keeps state between them (see sameness.ts), so each drawing starts settled.
        const [one, other] = [await pages.open('mermaid-stock'), await pages.open('mermaid-stock')];
        let compared = 0;
        for (const [n, { name, text }] of sequenceCases.slice(0, 60).entries()) {
          const { styled } = withStatements(text, seeded(SEED + n));
          const settle = `sequenceDiagram\n    A->>B: settle ${n}\n`;
          await Promise.all([one, other].map((page) => page.render(`settle${n}`, settle)));
          const [plain, emptied] = await Promise.all([
            one.render('case', text),
            other.render('case', separateStyleStatements(styled).text),
          ]);
          if ('error' in plain) continue;
          compared++;
          expect('svg' in emptied && emptied.svg === plain.svg, name).toBe(true);
        }
        expect(compared).toBeGreaterThan(30);
      } finally {
        await pages.close();
      }
    },
  );
});
