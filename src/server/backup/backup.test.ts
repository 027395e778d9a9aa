import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Diagram, Folder } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases, type TestDatabase } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { writeBackup } from './dump.js';
import { restoreBackup } from './restore.js';
import { backedUpTables } from './tables.js';

// Tokens are stored encrypted under the app secret: the restored app must get the same one.
const appSecret = randomBytes(32).toString('base64url');

const pairs = testDatabases.flatMap((source) =>
  testDatabases.map((target) => ({
    from: source.name,
    to: target.name,
    skip: source.skip ?? target.skip,
    source,
    target,
  })),
);

/** Every row of every backed-up table, as PostgreSQL renders it, in primary-key order. */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of backedUpTables()) {
    const order = sql.join(
      table.order.map((column) => sql.identifier(column)),
      sql`, `,
    );
    const result = (await database.db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table.name)} t order by ${order}`,
    )) as unknown as { rows: { row: string }[] };
    all[table.name] = result.rows.map((r) => r.row);
  }
  return all;
}

async function seed(app: FastifyInstance) {
  const owner = await signInLocally(app, 'owner@example.test', 'Owner Ünïcode');
  const friend = await signInLocally(app, 'friend@example.test', 'Friend');
  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    injectWithCookie(app, { method, url, ...(payload ? { payload } : {}) }, cookie);
  const folder = (await call(owner, 'POST', '/api/folders', { name: 'Specs' })).json() as Folder;
  const inFolder = (
    await call(owner, 'POST', '/api/diagrams', {
      title: 'Checkout "quoted" \\ back',
      content: 'sequenceDiagram\n  Alice->>Bob: héllo 👋\n  Note over Bob: tab\there',
      folderId: folder.id,
    })
  ).json() as Diagram;
  await call(owner, 'PUT', `/api/diagrams/${inFolder.id}`, { isPublic: true });
  await call(owner, 'POST', `/api/diagrams/${inFolder.id}/collaborators`, {
    email: 'friend@example.test',
    role: 'editor',
  });
  const thread = await call(owner, 'POST', `/api/diagrams/${inFolder.id}/comments`, {
    body: 'Should this be async?',
    line: 2,
  });
  await call(friend, 'POST', `/api/diagrams/${inFolder.id}/comments`, {
    body: '@owner yes, with a retry',
    parentId: (thread.json() as { id: number }).id,
  });
  await call(friend, 'POST', '/api/diagrams', { title: 'Loose', content: 'graph TD\nA-->B' });
  const token = (await call(owner, 'GET', '/api/user/api-token')).json().apiToken as string;
  return { owner, token };
}

describeEach(pairs, 'backup from $from, restore into $to', ({ source, target }) => {
  const dir = mkdtempSync(join(tmpdir(), 'lifeline-backup-'));
  const file = join(dir, 'backup.jsonl');
  let from: Database;
  let into: Database;
  let seeded: { owner: string; token: string };

  const open = async (which: TestDatabase) => which.open();

  beforeAll(async () => {
    [from, into] = await Promise.all([open(source), open(target)]);
    const app = await testApp(from, { appSecret });
    seeded = await seed(app);
    await app.close();
  }, 180_000);
  afterAll(async () => {
    await Promise.all([from?.close(), into?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores every row of every table identically', async () => {
    const counts = await writeBackup(from, file);
    expect(counts).toMatchObject({
      users: 2,
      folders: 1,
      diagrams: 2,
      collaborators: 1,
      comments: 2,
    });
    expect(counts.api_tokens).toBe(1);
    expect(counts.sessions).toBe(2);
    expect(await restoreBackup(into, file)).toEqual(counts);
    expect(await everything(into)).toEqual(await everything(from));
  });

  it('keeps sessions and API tokens working, and gives new rows fresh ids', async () => {
    const app = await testApp(into, { appSecret });
    try {
      const me = await injectWithCookie(app, { method: 'GET', url: '/api/user' }, seeded.owner);
      expect(me.json().email).toBe('owner@example.test');
      const created = await app.inject({
        method: 'POST',
        url: '/api/v1/diagrams',
        headers: { authorization: `Bearer ${seeded.token}` },
        payload: { content: 'sequenceDiagram\nA->>B: after restore' },
      });
      expect(created.statusCode).toBe(201);
      const shown = await injectWithCookie(
        app,
        { method: 'GET', url: '/api/user/api-token' },
        seeded.owner,
      );
      expect(shown.json().apiToken).toBe(seeded.token);

      const ids = (await everything(from)).diagrams!.map((row) => JSON.parse(row).id as number);
      expect(created.json().id).toBeGreaterThan(Math.max(...ids));
      const folder = await injectWithCookie(
        app,
        { method: 'POST', url: '/api/folders', payload: { name: 'New' } },
        seeded.owner,
      );
      expect(folder.statusCode).toBe(201);
      expect(folder.json().id).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('refuses a database that holds data unless forced, and then replaces it', async () => {
    await expect(restoreBackup(into, file)).rejects.toThrow(
      /^The target database already holds data \(users: 2, sessions: 2, folders: 2, diagrams: 3, .*add --force to replace everything in it\.$/,
    );
    await restoreBackup(into, file, { force: true });
    expect(await everything(into)).toEqual(await everything(from));
  });

  it('refuses a file cut short and leaves the database as it was', async () => {
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    const cut = join(dir, 'cut.jsonl');
    writeFileSync(cut, `${lines.slice(0, -2).join('\n')}\n`);
    const before = await everything(into);
    await expect(restoreBackup(into, cut, { force: true })).rejects.toThrow(
      'The backup file is incomplete (it has no end line): it was cut short. Nothing was restored.',
    );
    expect(await everything(into)).toEqual(before);
  });

  it('refuses a backup from a newer Lifeline', async () => {
    const [header, ...rest] = readFileSync(file, 'utf8').split('\n');
    const newer = JSON.parse(header!);
    newer.migrations.count += 1;
    const path = join(dir, 'newer.jsonl');
    writeFileSync(path, [JSON.stringify(newer), ...rest].join('\n'));
    await expect(restoreBackup(into, path, { force: true })).rejects.toThrow(
      /^This backup comes from a newer Lifeline/,
    );
  });
});
