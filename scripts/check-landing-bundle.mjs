// Build check: the landing page's JavaScript (the main entry and everything it imports statically)
// holds no mermaid and no CodeMirror, and its gzip size is recorded in docs/performance.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? 'dist/client';
const chunks = JSON.parse(readFileSync(join(dist, '.vite/chunks.json'), 'utf8'));
const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'main');
if (!entry) throw new Error('No "main" entry chunk in the build.');

const seen = new Set();
const queue = [entry.fileName];
while (queue.length > 0) {
  const file = queue.pop();
  if (seen.has(file)) continue;
  seen.add(file);
  queue.push(...(byFile.get(file)?.imports ?? []));
}

const FORBIDDEN = [
  /\/node_modules\/mermaid\//,
  /\/node_modules\/@codemirror\//,
  /codemirror/i,
  /\/node_modules\/(d3|dagre|cytoscape|katex)/,
];
const offenders = [];
let raw = 0;
let gzip = 0;
for (const file of seen) {
  const chunk = byFile.get(file);
  for (const id of chunk?.modules ?? []) {
    if (FORBIDDEN.some((pattern) => pattern.test(id))) offenders.push(`${file}: ${id}`);
  }
  const bytes = readFileSync(join(dist, file));
  raw += bytes.length;
  gzip += gzipSync(bytes, { level: 9 }).length;
}

if (offenders.length > 0) {
  console.error('The landing page bundle must not include mermaid or CodeMirror, but it has:');
  for (const line of offenders.slice(0, 20)) console.error(`  ${line}`);
  process.exit(1);
}

const kb = (n) => (n / 1024).toFixed(1);
const summary = { files: seen.size, rawBytes: raw, gzipBytes: gzip };
writeFileSync(join(dist, '.vite/landing-size.json'), JSON.stringify(summary));
console.log(
  `Landing page JS: ${seen.size} file(s), ${kb(gzip)} KiB gzip (${kb(raw)} KiB raw); no mermaid, no CodeMirror.`,
);
