/** `npm run backup` and `npm run restore` as processes, on embedded database folders. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { diagramsStore } from '../diagrams/store.js';
import { diagramWriter } from '../diagrams/writer.js';
import { runCommand } from '../../../test/support/app-process.js';
import { makeUser } from '../../../test/support/factories.js';

const npm = (args: string[], dataDir: string) =>
  runCommand('npm', ['run', '--silent', ...args], { DATA_DIR: dataDir });

describe('npm run backup / restore on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lifeline-backup-cli-'));
  const source = join(dir, 'source');
  const file = join(dir, 'nightly.jsonl');

  beforeAll(async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
    const user = await makeUser(database.db, { email: 'ada@example.test' });
    await diagramWriter(database.db).create(user, {
      title: 'Kept',
      content: 'sequenceDiagram\nA->>B: kept',
    });
    await database.close();
  }, 180_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes a backup of a data folder and restores it into another', async () => {
    const backup = await npm(['backup', '--', '--out', file], source);
    expect(backup.stderr).not.toMatch(/error/i);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up 1 users, 0 sessions, 0 folders, 1 diagrams`);
    expect(existsSync(file)).toBe(true);

    const target = join(dir, 'target');
    const restore = await npm(['restore', '--', file], target);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(
      'Restored 1 users, 0 sessions, 0 folders, 1 diagrams, 1 diagram_versions',
    );

    const database = await openDatabase({ kind: 'pglite', dataDir: join(target, 'pglite') });
    try {
      const user = await makeUser(database.db, { email: 'ada@example.test' });
      const [kept] = await diagramsStore(database.db).list(user);
      expect(kept?.title).toBe('Kept');
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses to read a data folder another process (a running app) has open', async () => {
    const running = await openDatabase({ kind: 'pglite', dataDir: join(source, 'pglite') });
    try {
      const backup = await npm(['backup', '--', '--out', join(dir, 'never.jsonl')], source);
      expect(backup.code).toBe(1);
      expect(backup.stderr.trim().split('\n').at(-1)).toBe(
        `Cannot open the embedded database in ${join(source, 'pglite')}: it is in use by another process (pid ${process.pid}). Stop Lifeline first; several instances need DATABASE_URL (PostgreSQL).`,
      );
      expect(existsSync(join(dir, 'never.jsonl'))).toBe(false);
    } finally {
      await running.close();
    }
  }, 180_000);
});
