// Build check: what ships (dist/client, dist/node) holds none of the benchmarks' scaffolding.
// The benchmarks build their own variant (npm run build:bench → dist-bench/), where
// `import.meta.env.MODE === 'bench'` keeps it; everywhere else the guards are dead code.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Names and switches that exist only for the benchmarks. */
const BENCH_ONLY = [
  { name: 'window.__lifelineEditor (editor test hook)', pattern: /__lifelineEditor/ },
  { name: 'lifelineRenderOnly (render page timing)', pattern: /lifelineRenderOnly/ },
  { name: '?preview=inline (in-page renderer)', pattern: /preview=inline/ },
  { name: '?pan=layout (re-layout panning)', pattern: /pan=layout/ },
  // The query switches as minified code reads them: get("pan") / get("preview").
  { name: 'a ?pan / ?preview switch', pattern: /\.get\(\s*["'`](?:pan|preview)["'`]\s*\)/ },
  // The modules themselves, as the chunk map names them.
  { name: 'inlineEngine module', pattern: /features\/preview\/inlineEngine/ },
  { name: 'benchHook module', pattern: /features\/editor\/benchHook/ },
];

const SHIPPED = /\.(?:m?js|html|json|css)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SHIPPED.test(entry.name)) yield path;
  }
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) dirs.push('dist/client', 'dist/node');
const offenders = [];
for (const dir of dirs) {
  if (!existsSync(dir)) {
    console.error(`No build at ${dir}: nothing to check.`);
    process.exit(1);
  }
  for (const file of files(dir)) {
    const text = readFileSync(file, 'utf8');
    for (const { name, pattern } of BENCH_ONLY) {
      if (pattern.test(text)) offenders.push(`${relative(dir, file)} (${dir}): ${name}`);
    }
  }
}

if (offenders.length > 0) {
  console.error('The shipped build must not hold benchmark scaffolding, but it has:');
  for (const line of offenders.slice(0, 20)) console.error(`  ${line}`);
  console.error("Guard it with import.meta.env.MODE === 'bench' (see docs/decisions.md).");
  process.exit(1);
}
console.log(`No benchmark scaffolding in ${dirs.join(', ')}.`);
