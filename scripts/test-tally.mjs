// Reads the Vitest, Playwright and reliability (Vitest) JSON reports and prints one closing line
// for the whole run: node scripts/test-tally.mjs <vitest.json> <playwright.json> [reliability.json]
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, reliabilityFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;

function countVitest(file, name) {
  if (file && existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that failed to load runs no tests but is a failure all the same.
    if (report.success === false && (report.numFailedTests ?? 0) === 0) failed += 1;
  } else {
    failed += 1;
    console.error(`No ${name} report was written.`);
  }
}

countVitest(vitestFile, 'Vitest');

if (playwrightFile && existsSync(playwrightFile)) {
  const stats = JSON.parse(readFileSync(playwrightFile, 'utf8')).stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
} else {
  failed += 1;
  console.error('No Playwright report was written.');
}

if (reliabilityFile) countVitest(reliabilityFile, 'reliability');

console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
