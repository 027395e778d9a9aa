/**
 * PostgreSQL for the suites: the shared server (TEST_DATABASE_URL, by default
 * postgres://postgres@127.0.0.1:5432/test), where the load run makes a scratch database, and a
 * private cluster of our own for the outage test, which must never stop the shared server.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../../test/support/free-port.js';

const run = promisify(execFile);

export const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Null when the shared server answers, else why the suites that need it are skipped. */
export async function sharedServerSkip(adminUrl = ADMIN_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return null;
  } catch {
    const url = new URL(adminUrl);
    return `no PostgreSQL server answers at ${url.hostname}:${url.port || 5432} (TEST_DATABASE_URL)`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Null when PostgreSQL's server binaries are installed, else why the outage suite is skipped. */
export function serverBinariesSkip(): string | null {
  try {
    binDir();
    return null;
  } catch {
    return 'no PostgreSQL server binaries (install postgresql or set PG_BIN)';
  }
}

/** Debian's server binaries, newest version first; PG_BIN overrides. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions
    .map((v) => join(root, v, 'bin'))
    .find((dir) => existsSync(join(dir, 'pg_ctl')));
  if (!found)
    throw new Error('No PostgreSQL server binaries found: install postgresql or set PG_BIN.');
  return found;
}

export interface Cluster {
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: sessions are ended, the server is down until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A throwaway cluster (initdb, trust auth) on a free port, its socket in its own folder. PostgreSQL
 * refuses to run as root, so as root it runs as the `postgres` OS user.
 */
export async function privateCluster(): Promise<Cluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  const { stdout } = await as('mktemp', ['-d', '/tmp/lifeline-pg-XXXXXX']);
  const dir = stdout.trim();
  const data = join(dir, 'data');
  const port = await freePort();
  await as(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const pgCtl = (args: string[]) => as(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await pgCtl(['-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  };
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await pgCtl(['-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      if (running) await pgCtl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
