/**
 * Makes test/fixtures/mermaid-spec/: the diagram texts of mermaid's own rendering specs for
 * sequence diagrams, flowcharts and class diagrams (cypress/integration/rendering/**), which the
 * sameness test draws with stock and patched mermaid. Tests read only the committed fixtures.
 *
 *   npx tsx scripts/corpus/extract-mermaid-specs.ts <mermaid git dir> [commit]
 *
 * takes each spec file at that commit (default HEAD) of a clone of mermaid-js/mermaid, keeps the
 * first argument of every imgSnapshotTest / renderGraph call that is a plain string (a template
 * with `${…}` in it is left out), drops repeats, and draws each with stock mermaid: those stock
 * draws go to <spec>.json (none when it keeps none), those it refuses to excluded.json with its
 * error.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { openComparison } from './sameness';

export const MERMAID_SPEC_DIR = 'test/fixtures/mermaid-spec';
const SPEC_DIR = 'cypress/integration/rendering';
const KINDS = /^(sequence|flowchart|class)\//;
const CALLS = new Set(['imgSnapshotTest', 'renderGraph']);

export interface SpecDiagram {
  /** `<spec file>: <test title>` and, when the test draws several, its number in it. */
  name: string;
  text: string;
}

export interface SpecFile {
  source: string;
  commit: string;
  diagrams: SpecDiagram[];
}

function testTitle(node: ts.Node): string {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (
      ts.isCallExpression(at) &&
      ts.isIdentifier(at.expression) &&
      at.expression.text === 'it' &&
      at.arguments[0] &&
      ts.isStringLiteralLike(at.arguments[0])
    ) {
      return at.arguments[0].text;
    }
  }
  return 'outside a test';
}

/** The plain-string diagram texts of one spec file, named after their tests. */
export function specDiagrams(path: string, source: string): SpecDiagram[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: SpecDiagram[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      CALLS.has(node.expression.text)
    ) {
      const [first] = node.arguments;
      if (first && (ts.isNoSubstitutionTemplateLiteral(first) || ts.isStringLiteral(first))) {
        const title = `${path.slice(SPEC_DIR.length + 1)}: ${testTitle(node)}`;
        const same = found.filter((d) => d.name === title || d.name.startsWith(`${title} #`));
        found.push({
          name: same.length ? `${title} #${same.length + 1}` : title,
          text: first.text,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

async function main(gitDir: string, ref: string): Promise<void> {
  const git = (...args: string[]) =>
    execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const commit = git('rev-parse', ref).trim();
  const paths = git('ls-tree', '-r', '--name-only', commit, SPEC_DIR)
    .split('\n')
    .filter((path) => KINDS.test(path.slice(SPEC_DIR.length + 1)) && /\.spec\.[jt]s$/.test(path));
  const seen = new Set<string>();
  const comparison = await openComparison();
  const excluded: Array<SpecDiagram & { error: string }> = [];
  mkdirSync(MERMAID_SPEC_DIR, { recursive: true });
  try {
    for (const path of paths) {
      const kept: SpecDiagram[] = [];
      for (const diagram of specDiagrams(path, git('show', `${commit}:${path}`))) {
        if (seen.has(diagram.text)) continue;
        seen.add(diagram.text);
        const { stockDraws, stockError } = await comparison.compare(diagram.text);
        if (stockDraws) kept.push(diagram);
        else excluded.push({ ...diagram, error: stockError ?? '' });
      }
      if (kept.length === 0) continue;
      const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.spec\.[jt]s$/, '.json');
      const file: SpecFile = { source: path, commit, diagrams: kept };
      writeFileSync(join(MERMAID_SPEC_DIR, name), `${JSON.stringify(file, null, 2)}\n`);
      console.log(`${path}: ${kept.length} kept`);
    }
  } finally {
    await comparison.close();
  }
  writeFileSync(
    join(MERMAID_SPEC_DIR, 'excluded.json'),
    `${JSON.stringify({ commit, reason: 'stock mermaid refuses them', diagrams: excluded }, null, 2)}\n`,
  );
  console.log(`${excluded.length} excluded (stock mermaid refuses them)`);
}

if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, '/scripts/'))
) {
  const [gitDir, ref = 'HEAD'] = process.argv.slice(2);
  if (!gitDir) {
    console.error('usage: extract-mermaid-specs.ts <mermaid git dir> [commit]');
    process.exit(2);
  }
  await main(gitDir, ref);
}
