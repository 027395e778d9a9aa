/**
 * Where the built lifeline-mcp command takes its API token from: never the command line (which
 * `ps` shows), and a token file only when no one else may read it. Each case spawns the real
 * command; a refusal exits 2 before any connection, with the reason on standard error and
 * nothing on standard output (the protocol's channel). The token read from a file reaching a real
 * server is in read-only.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOKEN_MISSING,
  TOKEN_ON_COMMAND_LINE,
  TOKEN_TWICE,
} from '../../src/server/mcp/stdio-token.js';

const STDIO_COMMAND = 'dist/node/server/mcp/stdio.js';
const TOKEN = `ll_${'a'.repeat(43)}`;
// Nothing listens here: a command that got past its token would fail to connect, not exit 2.
const URL_ARGS = ['--url', 'http://127.0.0.1:9'];

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [STDIO_COMMAND, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const refused = (message: string) => ({
  status: 2,
  stdout: '',
  stderr: expect.stringContaining(`lifeline-mcp: ${message}\n`),
});

describe('lifeline-mcp takes its token from the environment or a file', () => {
  let dir: string;

  beforeAll(() => {
    if (!existsSync(STDIO_COMMAND)) throw new Error(`${STDIO_COMMAND} is missing: npm run build`);
    dir = mkdtempSync(join(tmpdir(), 'lifeline-mcp-token-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const tokenFile = (name: string, text: string, mode: number) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    chmodSync(path, mode);
    return path;
  };

  it('refuses a token on the command line, as an option or an argument, even beside LIFELINE_TOKEN', () => {
    for (const args of [['--token', TOKEN], [`--token=${TOKEN}`], [TOKEN]]) {
      expect(run([...URL_ARGS, ...args]), args.join(' ')).toEqual(refused(TOKEN_ON_COMMAND_LINE));
      expect(run([...URL_ARGS, ...args], { LIFELINE_TOKEN: TOKEN })).toEqual(
        refused(TOKEN_ON_COMMAND_LINE),
      );
    }
  });

  it('says where a token goes when there is none, or an empty one', () => {
    expect(run(URL_ARGS)).toEqual(refused(TOKEN_MISSING));
    expect(run(URL_ARGS, { LIFELINE_TOKEN: '  ' })).toEqual(refused(TOKEN_MISSING));
  });

  it('refuses both LIFELINE_TOKEN and LIFELINE_TOKEN_FILE at once', () => {
    const file = tokenFile('both', TOKEN, 0o600);
    expect(run(URL_ARGS, { LIFELINE_TOKEN: TOKEN, LIFELINE_TOKEN_FILE: file })).toEqual(
      refused(TOKEN_TWICE),
    );
  });

  it('refuses a token file that other users may read or change, and says how to fix it', () => {
    for (const mode of [0o644, 0o640, 0o604, 0o620]) {
      const file = tokenFile(`shared-${mode.toString(8)}`, TOKEN, mode);
      expect(run(URL_ARGS, { LIFELINE_TOKEN_FILE: file }), mode.toString(8)).toEqual(
        refused(
          `LIFELINE_TOKEN_FILE ${file} may be read or changed by other users (mode ${mode.toString(8)}); make it yours alone: chmod 600 ${file}`,
        ),
      );
    }
  });

  it('refuses a missing or empty token file with its path', () => {
    const missing = join(dir, 'missing');
    const answer = run(URL_ARGS, { LIFELINE_TOKEN_FILE: missing });
    expect(answer).toMatchObject({ status: 2, stdout: '' });
    expect(answer.stderr).toContain(`cannot read LIFELINE_TOKEN_FILE ${missing}: ENOENT`);
    const empty = tokenFile('empty', '\n \n', 0o600);
    expect(run(URL_ARGS, { LIFELINE_TOKEN_FILE: empty })).toEqual(
      refused(`LIFELINE_TOKEN_FILE ${empty} is empty`),
    );
  });

  it('accepts a token file of its owner alone (0600 or 0400) and starts', () => {
    for (const mode of [0o600, 0o400]) {
      const file = tokenFile(`own-${mode.toString(8)}`, `${TOKEN}\n`, mode);
      // Standard input ends at once: the server starts, reads nothing, and exits 0.
      const answer = run(URL_ARGS, { LIFELINE_TOKEN_FILE: file });
      expect(answer, mode.toString(8)).toEqual({ status: 0, stdout: '', stderr: '' });
    }
  });
});
