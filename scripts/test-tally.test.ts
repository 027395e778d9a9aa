import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

type Status = 'passed' | 'failed' | 'skipped' | 'todo';

function vitestReport(tests: { ancestors: string[]; title: string; status: Status }[]) {
  const count = (status: Status) => tests.filter((t) => t.status === status).length;
  return {
    success: count('failed') === 0,
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped'),
    numTodoTests: count('todo'),
    testResults: [
      {
        assertionResults: tests.map((t) => ({
          ancestorTitles: t.ancestors,
          title: t.title,
          status: t.status,
        })),
      },
    ],
  };
}

const playwrightReport = {
  stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 1 },
  suites: [
    {
      title: 'editor.spec.ts',
      specs: [
        { title: 'types', tests: [{ status: 'expected', annotations: [], results: [] }] },
        {
          title: 'prints',
          tests: [
            {
              status: 'skipped',
              annotations: [{ type: 'skip', description: 'no printer here' }],
              results: [],
            },
          ],
        },
      ],
    },
  ],
};

function tally(env: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tally-'));
  const unit = vitestReport([
    { ancestors: ['store on pglite'], title: 'saves', status: 'passed' },
    {
      ancestors: ['store on postgres (skipped: TEST_DATABASE_URL is not set)'],
      title: 'saves',
      status: 'skipped',
    },
    {
      ancestors: ['store on postgres (skipped: TEST_DATABASE_URL is not set)'],
      title: 'lists',
      status: 'skipped',
    },
    { ancestors: ['later'], title: 'exports', status: 'todo' },
  ]);
  const reliability = vitestReport([
    {
      ancestors: ['limits'],
      title: 'counts in Redis (skipped: Redis does not answer at 127.0.0.1:6379)',
      status: 'skipped',
    },
    { ancestors: ['limits'], title: 'shuts down', status: 'passed' },
  ]);
  writeFileSync(join(dir, 'vitest.json'), JSON.stringify(unit));
  writeFileSync(join(dir, 'playwright.json'), JSON.stringify(playwrightReport));
  writeFileSync(join(dir, 'reliability.json'), JSON.stringify(reliability));
  const files = ['vitest.json', 'playwright.json', 'reliability.json'].map((f) => join(dir, f));
  return spawnSync(process.execPath, ['scripts/test-tally.mjs', ...files], {
    encoding: 'utf8',
    env: { ...process.env, CI: '', ...env },
  });
}

describe('test tally', () => {
  it('lists each skip reason with its count before the closing line', () => {
    const run = tally();
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      'Skipped 2: TEST_DATABASE_URL is not set',
      'Skipped 1: todo',
      'Skipped 1: no printer here',
      'Skipped 1: Redis does not answer at 127.0.0.1:6379',
      'Tests: 3 passed, 0 failed, 5 skipped',
    ]);
    expect(run.status).toBe(0);
  });

  it('fails a CI run that skipped anything, keeping the closing line last', () => {
    const run = tally({ CI: 'true' });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toContain('CI has every service the tests need: nothing may be skipped there.');
    expect(lines.at(-1)).toBe('Tests: 3 passed, 0 failed, 5 skipped');
    expect(run.status).toBe(1);
  });

  it('names each failed test with its file and first message line, before the closing line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tally-'));
    const unit = {
      success: false,
      numPassedTests: 1,
      numFailedTests: 1,
      testResults: [
        {
          name: join(process.cwd(), 'src/server/store.test.ts'),
          status: 'failed',
          assertionResults: [
            { ancestorTitles: ['store'], title: 'saves', status: 'passed' },
            {
              ancestorTitles: ['store'],
              title: 'lists',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 2 to be 1\u001b[39m\n    at x'],
            },
          ],
        },
        {
          name: join(process.cwd(), 'src/server/broken.test.ts'),
          status: 'failed',
          message: 'SyntaxError: Unexpected token\n  at y',
          assertionResults: [],
        },
      ],
    };
    const e2e = {
      stats: { expected: 0, unexpected: 1, flaky: 0, skipped: 0 },
      suites: [
        {
          title: 'editor.spec.ts',
          specs: [
            {
              title: 'types',
              file: 'editor.spec.ts',
              line: 12,
              tests: [
                {
                  status: 'unexpected',
                  results: [{ error: { message: 'Error: Timed out 5000ms\nCall log' } }],
                },
              ],
            },
          ],
        },
      ],
    };
    writeFileSync(join(dir, 'vitest.json'), JSON.stringify(unit));
    writeFileSync(join(dir, 'playwright.json'), JSON.stringify(e2e));
    const run = spawnSync(
      process.execPath,
      ['scripts/test-tally.mjs', join(dir, 'vitest.json'), join(dir, 'playwright.json')],
      { encoding: 'utf8', env: { ...process.env, CI: '' } },
    );
    expect(run.stdout.trimEnd().split('\n')).toEqual([
      'Failed:',
      '  Vitest: src/server/store.test.ts › store › lists: AssertionError: expected 2 to be 1',
      '  Vitest: src/server/broken.test.ts: SyntaxError: Unexpected token',
      '  E2E: editor.spec.ts:12 › editor.spec.ts types: Error: Timed out 5000ms',
      'Tests: 1 passed, 3 failed, 0 skipped',
    ]);
    expect(run.status).toBe(1);
  });
});
