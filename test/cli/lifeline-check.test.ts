/**
 * `lifeline check` as CI runs it: the built command spawned as a process, its exit code (0 the
 * diagram matches, 1 drifted, 2 the command or a file is wrong), its report and its JSON.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  otlpOf,
  otlpProtoOf,
  readTraceFixture,
  TRACE_FIXTURES,
} from '../fixtures/traces/fixtures.js';
import { drawTrace, parseTraceFile, traceOptionsSchema } from '../../src/shared/trace/index.js';

const COMMAND = 'dist/node/server/cli/lifeline.js';
const dir = mkdtempSync(join(tmpdir(), 'lifeline-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const run = (...args: string[]) => {
  const result = spawnSync(process.execPath, [COMMAND, ...args], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

const YELP = readTraceFixture(TRACE_FIXTURES.zipkinYelp);
const yelp = file('yelp.json', YELP);
const drawn = file(
  'yelp.mmd',
  drawTrace(parseTraceFile(YELP).traces[0]!, traceOptionsSchema.parse({})).text,
);

describe('lifeline check', () => {
  it('exits 0 when the diagram matches its trace, given as JSON or protobuf', () => {
    const matched = run('check', drawn, '--trace', yelp);
    expect(matched).toMatchObject({ status: 0, stderr: '' });
    expect(matched.stdout).toMatch(/^yelp\.mmd against 1 trace file \(1 trace\): matches\.\n/);
    const otlp = readTraceFixture(TRACE_FIXTURES.otlpJaegerUi);
    const diagram = file(
      'otlp.mmd',
      drawTrace(parseTraceFile(otlp).traces[0]!, traceOptionsSchema.parse({})).text,
    );
    expect(run('check', diagram, '--trace', file('otlp.pb', otlpProtoOf(otlp))).status).toBe(0);
  });

  it('runs as `npx lifeline`, the package’s own command', () => {
    const result = spawnSync('npx', ['--no-install', 'lifeline', 'check', drawn, '--trace', yelp], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('matches.');
  });

  it('exits 1 on drift, naming the call the diagram lacks and the made-up message’s line', () => {
    const trace = file(
      'shop.json',
      otlpOf([
        { service: 'web', name: 'GET /cart', parent: -1, start: 0, end: 100 },
        { service: 'cart', name: 'GetCart', parent: 0, start: 10, end: 50, kind: 2 },
        { service: 'pricing', name: 'Quote', parent: 0, start: 60, end: 90, kind: 2 },
      ]),
    );
    const diagram = file(
      'shop.mmd',
      'sequenceDiagram\n    Web->>Cart: GetCart\n    Web->>Stock: Reserve\n',
    );
    const text = run('check', diagram, '--trace', trace);
    expect(text.status).toBe(1);
    expect(text.stdout).toBe(
      [
        'shop.mmd against 1 trace file (1 trace): drifted.',
        '  1 message stands for traced calls.',
        '',
        'Calls the traces made that the diagram lacks:',
        '  Web → pricing: Quote (1×)',
        '',
        'Messages no trace shows:',
        '  line 3: Web → Stock: Reserve',
        '',
      ].join('\n'),
    );
    const json = run('check', diagram, '--trace', trace, '--trace', yelp, '--format', 'json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: false,
      matched: 1,
      onlyInDiagram: [{ from: 'Web', to: 'Stock', label: 'Reserve', line: 3 }],
    });
  });

  it('exits 2 naming what is wrong with the command or a file', () => {
    const notTrace = run('check', drawn, '--trace', file('notes.json', '{"notes": []}'));
    expect(notTrace.status).toBe(2);
    expect(notTrace.stderr).toContain('notes.json: This is not a trace file.');
    expect(run('check', drawn).stderr).toContain(
      'lifeline: name at least one trace file with --trace',
    );
    expect(run('check', drawn, '--trace', yelp, '--format', 'xml').status).toBe(2);
    expect(run('check', join(dir, 'missing.mmd'), '--trace', yelp).stderr).toContain(
      'cannot read diagram',
    );
    expect(run('draw').status).toBe(2);
    expect(run('--help')).toMatchObject({ status: 0, stdout: expect.stringContaining('Usage:') });
  });
});
