/**
 * The sameness corpus: diagrams of every kind mermaid draws and every sequence diagram construct,
 * generated from a fixed seed. `npx tsx scripts/corpus/corpus.ts <dir>` writes them as .mmd files.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { otherKinds } from './kinds';
import { seeded, type CorpusDiagram } from './random';
import { sequenceDiagrams } from './sequence';

export type { CorpusDiagram } from './random';

export function buildCorpus(): CorpusDiagram[] {
  return [...sequenceDiagrams(seeded(20261123), 260), ...otherKinds(6)];
}

/** Every n-th diagram plus the first of each other kind: a sample that covers every kind. */
export function sampleCorpus(corpus: CorpusDiagram[], size: number): CorpusDiagram[] {
  const step = Math.max(1, Math.floor(corpus.length / size));
  return corpus.filter(
    (diagram, i) =>
      i % step === 0 || (!diagram.name.startsWith('sequence-') && diagram.name.endsWith('-0')),
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
