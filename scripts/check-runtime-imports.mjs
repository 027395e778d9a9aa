// Every package the compiled server imports must be a production dependency (or part of Node), so
// that `npm ci --omit=dev` leaves a server that starts: node scripts/check-runtime-imports.mjs [dir]
import { readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';

const root = process.argv[2] ?? 'dist/node';
const { dependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
const builtins = new Set(builtinModules);
// `… from 'x'`, `import 'x'` and `import('x')`; tsc writes them with literal specifiers.
const SPECIFIER = /\bfrom\s*['"]([^'"\n]+)['"]|\bimport\s*\(?\s*['"]([^'"\n]+)['"]/g;

function* jsFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* jsFiles(path);
    else if (entry.name.endsWith('.js')) yield path;
  }
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const problems = [];
const used = new Set();
for (const file of jsFiles(root)) {
  for (const match of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2];
    if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) {
      continue;
    }
    const name = packageName(specifier);
    used.add(name);
    if (builtins.has(name) || name in dependencies) continue;
    problems.push(`${file} imports '${specifier}', which is not in package.json dependencies.`);
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error('Move the package to dependencies, or keep the importing file out of the build.');
  process.exit(1);
}
console.log(`Runtime imports: ${[...used].sort().join(', ')} (all production dependencies).`);
