/**
 * The sameness corpus: diagrams of every kind mermaid draws and every sequence diagram construct,
 * generated from a fixed seed. `npx tsx scripts/corpus/corpus.ts <dir>` writes them as .mmd files.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES_DIR } from '../../test/fixtures/diagrams';
import { otherKinds } from './kinds';
import { seeded, type CorpusDiagram } from './random';
import { sequenceDiagrams } from './sequence';

export type { CorpusDiagram } from './random';

export function buildCorpus(): CorpusDiagram[] {
  return [...sequenceDiagrams(seeded(20261123), 260), ...otherKinds(6)];
}

/** Mermaid's own rendering-spec diagrams that stock mermaid draws (test/fixtures/mermaid-spec). */
export function mermaidSpecDiagrams(): CorpusDiagram[] {
  const dir = 'test/fixtures/mermaid-spec';
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name !== 'excluded.json')
    .flatMap(
      (name) =>
        (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { diagrams: CorpusDiagram[] })
          .diagrams,
    );
}

/** The fixture diagrams (small, medium, large, flow, over-limit). */
export function fixtureDiagrams(): CorpusDiagram[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.mmd'))
    .map((name) => ({ name, text: readFileSync(join(FIXTURES_DIR, name), 'utf8') }));
}

/**
 * Each construct of the sequence diagram syntax documentation as the documentation shows it (no
 * directive in front), and each arrow: stock mermaid must draw every one of them, or the corpus
 * would prove nothing about that construct.
 */
export const isDocumentedExample = (name: string): boolean =>
  /^sequence-(?!random-)[A-Za-z]+-0$/.test(name) || name.startsWith('sequence-arrow-');

/**
 * Every n-th diagram, the first of each other kind and every documented sequence diagram
 * example: a sample that covers every kind and every construct.
 */
export function sampleCorpus(corpus: CorpusDiagram[], size: number): CorpusDiagram[] {
  const step = Math.max(1, Math.floor(corpus.length / size));
  return corpus.filter(
    (diagram, i) =>
      i % step === 0 ||
      (!diagram.name.startsWith('sequence-') && diagram.name.endsWith('-0')) ||
      isDocumentedExample(diagram.name),
  );
}

if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, '/scripts/'))
) {
  const dir = process.argv[2] ?? 'corpus';
  mkdirSync(dir, { recursive: true });
  const corpus = buildCorpus();
  for (const diagram of corpus) writeFileSync(join(dir, `${diagram.name}.mmd`), diagram.text);
  console.log(`${corpus.length} diagrams in ${dir}`);
}
