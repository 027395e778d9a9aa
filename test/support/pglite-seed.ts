/**
 * Vitest global setup: one PGlite database, initialised and migrated once per run, which every
 * suite's PGlite starts from (see databases.ts): in-memory ones load its dump, server processes
 * get a copy of its data folder. Creating a PGlite cluster from nothing (initdb) takes seconds;
 * loading the dump or copying the folder takes well under one. Both are kept under the
 * system's temporary folder, named by PGlite's version and the migrations' contents, so they
 * are only made again when either changes.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../src/server/db/client.js';
import type {} from './databases.js';

/** In the seed's folder: the data folder (as in DATA_DIR), and its dump (a tar). */
export const SEED_DATA_DIR = 'pglite';
export const SEED_DUMP = 'pglite.tar';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function seedName(): string {
  const hash = createHash('sha256');
  // PGlite's package.json, beside its dist/ folder (the package does not export it).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(join(dirname(entry), '..', 'package.json')));
  for (const file of filesUnder(MIGRATIONS_DIR)) {
    hash.update(relative(MIGRATIONS_DIR, file)).update(readFileSync(file));
  }
  return `lifeline-pglite-seed-${hash.digest('hex').slice(0, 16)}`;
}

async function makeSeed(folder: string): Promise<void> {
  const client = new PGlite({ dataDir: join(folder, SEED_DATA_DIR) });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    writeFileSync(join(folder, SEED_DUMP), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

export default async function pgliteSeed(project: TestProject): Promise<void> {
  const folder = join(tmpdir(), seedName());
  if (!existsSync(folder)) {
    // Another run may make the same seed at once: each renames a whole folder into place.
    const partial = mkdtempSync(`${folder}.`);
    try {
      await makeSeed(partial);
      renameSync(partial, folder);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(folder)) throw error;
    }
  }
  project.provide('pgliteSeed', folder);
}
