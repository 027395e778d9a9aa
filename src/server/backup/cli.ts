/**
 * npm run backup [-- --out <file>]  and  npm run restore -- <file> [--force]
 * The database is the app's: DATABASE_URL, or the embedded one under DATA_DIR. Failures are one
 * line on stderr and exit code 1.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, redactUrl, type Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { writeBackup } from './dump.js';
import { restoreBackup } from './restore.js';

const USAGE = 'Usage: npm run backup [-- --out <file>]  |  npm run restore -- <file> [--force]';

class UsageError extends Error {}

function stamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
}

function describe(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
}

async function connect(config: Config): Promise<Database> {
  const where =
    config.database.kind === 'pglite'
      ? `the embedded database in ${config.database.dataDir}`
      : `PostgreSQL at ${redactUrl(config.database.url)}`;
  try {
    return await openDatabase(config.database);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot open ${where}: ${reason}`, { cause: error });
  }
}

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  const config = loadConfig();
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    if (at !== -1 && !rest[at + 1]) throw new UsageError('--out needs a file name.');
    const out = resolve(at === -1 ? `lifeline-backup-${stamp()}.jsonl` : rest[at + 1]!);
    if (config.database.kind === 'pglite' && !existsSync(config.database.dataDir)) {
      throw new Error(
        `There is no embedded database in ${config.database.dataDir} to back up (set DATA_DIR or DATABASE_URL).`,
      );
    }
    const database = await connect(config);
    try {
      const counts = await writeBackup(database, out);
      return `Backed up ${describe(counts)} to ${out}`;
    } finally {
      await database.close();
    }
  }
  if (command === 'restore') {
    const files = rest.filter((arg) => arg !== '--force');
    if (files.length !== 1) throw new UsageError('Name one backup file to restore.');
    const file = resolve(files[0]!);
    if (!existsSync(file)) throw new Error(`There is no backup file at ${file}.`);
    const database = await connect(config);
    try {
      const counts = await restoreBackup(database, file, {
        force: rest.includes('--force'),
      });
      return `Restored ${describe(counts)}.`;
    } finally {
      await database.close();
    }
  }
  throw new UsageError(USAGE);
}

run(process.argv.slice(2)).then(
  (line) => process.stdout.write(`${line}\n`),
  (error: unknown) => {
    const usage = error instanceof UsageError ? `\n${USAGE}` : '';
    const known = error instanceof Error && !(error instanceof TypeError);
    const message = known ? error.message : `Unexpected failure: ${String(error)}`;
    process.stderr.write(`${error instanceof ConfigError ? error.message : message}${usage}\n`);
    process.exitCode = 1;
  },
);
