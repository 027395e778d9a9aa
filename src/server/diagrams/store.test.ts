import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { makeUser } from '../../../test/support/factories.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { trashStore } from '../trash/store.js';
import { diagramsStore } from './store.js';
import { diagramWriter } from './writer.js';

describeEach(testDatabases, 'diagramsStore on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates, reads, updates and deletes (to the trash) a diagram for its owner', async () => {
    const store = diagramsStore(database.db);
    const writer = diagramWriter(database.db);
    const owner = await makeUser(database.db);
    const created = await writer.create(owner, { title: 'Login', content: 'sequenceDiagram' });
    expect(created).toMatchObject({
      userId: owner.id,
      title: 'Login',
      isPublic: false,
      shareToken: null,
      folderId: null,
      position: 0,
    });

    const updated = await writer.update(owner, created.id, {
      content: 'sequenceDiagram\nA->>B: hi',
    });
    expect(updated?.content).toBe('sequenceDiagram\nA->>B: hi');
    expect(Date.parse(updated!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    expect(await store.get(owner, created.id)).toEqual(updated);
    expect(await writer.trash(owner, created.id)).toBe(true);
    expect(await store.get(owner, created.id)).toBeNull();
    expect(await store.list(owner)).toEqual([]);
    expect((await trashStore(database.db).list(owner)).map((d) => d.id)).toEqual([created.id]);
    expect(await writer.trash(owner, created.id)).toBe(false);
  });

  it("never reads, changes or deletes another user's diagram", async () => {
    const store = diagramsStore(database.db);
    const writer = diagramWriter(database.db);
    const owner = await makeUser(database.db);
    const stranger = await makeUser(database.db);
    const diagram = await writer.create(owner, { title: 'Private', content: 'graph TD' });

    expect(await store.get(stranger, diagram.id)).toBeNull();
    expect(await writer.update(stranger, diagram.id, { title: 'Hacked' })).toBeNull();
    expect(await writer.trash(stranger, diagram.id)).toBe(false);
    expect(await store.list(stranger)).toEqual([]);
    expect((await store.get(owner, diagram.id))?.title).toBe('Private');
  });

  it('lists a user’s diagrams newest first', async () => {
    const store = diagramsStore(database.db);
    const writer = diagramWriter(database.db);
    const owner = await makeUser(database.db);
    const first = await writer.create(owner, { title: 'First', content: 'a' });
    const second = await writer.create(owner, { title: 'Second', content: 'b' });
    await writer.update(owner, first.id, { title: 'First, edited' });
    const titles = (await store.list(owner)).map((d) => d.id);
    expect(titles).toEqual([first.id, second.id]);
  });

  it('keeps text exactly, including unicode and a 1 MB body', async () => {
    const store = diagramsStore(database.db);
    const writer = diagramWriter(database.db);
    const owner = await makeUser(database.db);
    const content =
      `sequenceDiagram\n  A->>B: héllo 👋 \u0000-free ${'x'.repeat(1_000_000)}`.replace(
        '\u0000',
        '',
      );
    const created = await writer.create(owner, { title: 'Big ünïcode ✓', content });
    expect((await store.get(owner, created.id))?.content).toBe(content);
  });
});

describeEach(testDatabases, 'usersStore on $name', ({ open }) => {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates a user once per identity and refreshes the profile', async () => {
    const first = await makeUser(database.db, { email: 'ada@example.test', name: 'Ada' });
    const again = await makeUser(database.db, { email: 'ada@example.test', name: 'Ada L.' });
    expect(again.id).toBe(first.id);
    expect(again.name).toBe('Ada L.');
  });
});
