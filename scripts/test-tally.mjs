// Reads the Vitest, Playwright and reliability (Vitest) JSON reports and prints, for the whole
// run, why tests were skipped (one line per reason, with its count), which tests failed (file,
// title and the first line of the failure, so the tail of a CI log names them) and then one
// closing line:
// node scripts/test-tally.mjs <vitest.json> <playwright.json> [reliability.json]
// With CI=true a skipped test fails the run: CI has every service the tests need.
import { existsSync, readFileSync } from 'node:fs';

const [vitestFile, playwrightFile, reliabilityFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const reasons = new Map();
const failures = [];
const relative = (file) => (file ?? '').replace(`${process.cwd()}/`, '');
const firstLine = (message) =>
  String(message ?? '')
    // eslint-disable-next-line no-control-regex -- strips terminal colour codes (linear)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.trim()
    .slice(0, 300) ?? '';

// Suites that need a service the machine lacks carry the reason in their name.
const NAMED_REASON = /\(skipped: ([^()]+)\)/;

function skippedBecause(reason) {
  const text = reason || 'no reason given';
  reasons.set(text, (reasons.get(text) ?? 0) + 1);
}

function countVitest(file, name) {
  if (file && existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    const failedBefore = failed;
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      if (result.status === 'failed' && (result.assertionResults ?? []).length === 0) {
        failures.push(`${name}: ${relative(result.name)}: ${firstLine(result.message)}`);
        failed += 1;
      }
      for (const test of result.assertionResults ?? []) {
        if (test.status === 'failed') {
          const title = [...(test.ancestorTitles ?? []), test.title].join(' › ');
          failures.push(
            `${name}: ${relative(result.name)} › ${title}: ${firstLine(test.failureMessages?.[0])}`,
          );
        }
        if (test.status === 'todo') skippedBecause('todo');
        else if (test.status === 'skipped' || test.status === 'pending') {
          const title = [...(test.ancestorTitles ?? []), test.title].join(' ');
          skippedBecause(NAMED_REASON.exec(title)?.[1]);
        }
      }
    }
    // A file that failed to load runs no tests but is a failure all the same (counted above); a
    // run that failed otherwise (an unhandled error) counts once.
    if (report.success === false && failed === failedBefore) failed += 1;
  } else {
    failed += 1;
    console.error(`No ${name} report was written.`);
  }
}

function* playwrightTests(suite, titles = []) {
  const here = suite.title ? [...titles, suite.title] : titles;
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      yield { title: [...here, spec.title].join(' '), test, spec };
    }
  }
  for (const child of suite.suites ?? []) yield* playwrightTests(child, here);
}

function countPlaywright(file) {
  if (!file || !existsSync(file)) {
    failed += 1;
    console.error('No Playwright report was written.');
    return;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const stats = report.stats ?? {};
  passed += stats.expected ?? 0;
  failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
  skipped += stats.skipped ?? 0;
  for (const suite of report.suites ?? []) {
    for (const { title, test, spec } of playwrightTests(suite)) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        const error = (test.results ?? []).find((result) => result.error)?.error?.message;
        const where = spec.file ? `${spec.file}:${spec.line ?? ''} › ` : '';
        failures.push(
          `E2E${test.status === 'flaky' ? ' (flaky)' : ''}: ${where}${title}: ${firstLine(error)}`,
        );
      }
      if (test.status !== 'skipped') continue;
      const annotations = [
        ...(test.annotations ?? []),
        ...(test.results ?? []).flatMap((result) => result.annotations ?? []),
      ];
      const note = annotations.find((a) => a.type === 'skip' && a.description)?.description;
      skippedBecause(note ?? NAMED_REASON.exec(title)?.[1]);
    }
  }
}

countVitest(vitestFile, 'Vitest');
countPlaywright(playwrightFile);
if (reliabilityFile) countVitest(reliabilityFile, 'reliability');

for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) {
  console.log(`Skipped ${count}: ${reason}`);
}
if (failures.length > 0) {
  console.log('Failed:');
  for (const failure of failures) console.log(`  ${failure}`);
}
const ciSkipped = process.env.CI === 'true' && skipped > 0;
if (ciSkipped) console.log('CI has every service the tests need: nothing may be skipped there.');
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 || ciSkipped ? 1 : 0);
