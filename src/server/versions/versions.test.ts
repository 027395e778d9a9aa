import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Diagram } from '../../shared/schemas.js';
import type { VersionSummary } from '../../shared/versions.js';
import type { Database } from '../db/client.js';
import { diagramVersions, users } from '../db/schema.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { makeUser } from '../../../test/support/factories.js';
import { diagramWriter } from '../diagrams/writer.js';
import { recordVersion } from '../diagrams/record-version.js';

type Who = 'anonymous' | 'owner' | 'editor' | 'viewer' | 'stranger';

describeEach(testDatabases, 'version history on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  const cookies: Partial<Record<Who, string>> = {};

  const as = (who: Who, options: InjectOptions) => injectWithCookie(app, options, cookies[who]);
  const create = async (title: string, content: string): Promise<Diagram> => {
    const response = await as('owner', {
      method: 'POST',
      url: '/api/diagrams',
      payload: { title, content },
    });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const save = (who: Who, id: number, payload: Record<string, unknown>) =>
    as(who, { method: 'PUT', url: `/api/diagrams/${id}`, payload });
  const versionsOf = async (id: number, who: Who = 'owner'): Promise<VersionSummary[]> => {
    const response = await as(who, { method: 'GET', url: `/api/diagrams/${id}/versions` });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const stored = async (id: number): Promise<Diagram> =>
    (await as('owner', { method: 'GET', url: `/api/diagrams/${id}` })).json();
  /** Moves every version of the diagram `minutes` into the past, as if time had passed. */
  const age = (id: number, minutes: number) =>
    database.db
      .update(diagramVersions)
      .set({
        createdAt: sql`${diagramVersions.createdAt} - ${`${minutes} minutes`}::interval`,
      })
      .where(eq(diagramVersions.diagramId, id));

  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
    for (const who of ['owner', 'editor', 'viewer', 'stranger'] as const) {
      cookies[who] = await signInLocally(app, `${who}@example.test`, `The ${who}`);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function sharedDiagram(): Promise<Diagram> {
    const diagram = await create('Team flow', 'sequenceDiagram\nA->>B: one');
    for (const role of ['editor', 'viewer'] as const) {
      const added = await as('owner', {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/collaborators`,
        payload: { email: `${role}@example.test`, role },
      });
      expect(added.statusCode).toBe(201);
    }
    return diagram;
  }

  it('records a created version and one per manual save, newest first, without content', async () => {
    const diagram = await create('Checkout', 'v1');
    expect((await save('owner', diagram.id, { content: 'v2' })).statusCode).toBe(200);
    expect(
      (await save('owner', diagram.id, { title: 'Checkout 3', content: 'v3' })).statusCode,
    ).toBe(200);

    const list = await versionsOf(diagram.id);
    expect(list.map((v) => [v.title, v.kind])).toEqual([
      ['Checkout 3', 'manual'],
      ['Checkout', 'manual'],
      ['Checkout', 'created'],
    ]);
    expect(list[0]).not.toHaveProperty('content');
    expect(list[0]!.savedBy).toMatchObject({ name: 'The owner' });
    expect(Date.parse(list[0]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(list[2]!.createdAt));

    const first = await as('owner', {
      method: 'GET',
      url: `/api/diagrams/${diagram.id}/versions/${list[2]!.id}`,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Checkout', content: 'v1', kind: 'created' });
  });

  it('records nothing for a save identical to the newest version, or one that only moves or shares', async () => {
    const diagram = await create('Same', 'text');
    await save('owner', diagram.id, { title: 'Same', content: 'text' });
    await save('owner', diagram.id, { isPublic: true });
    await save('owner', diagram.id, { folderId: null });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual(['created']);
  });

  it('keeps an auto-save only when the newest version is at least 5 minutes old', async () => {
    const diagram = await create('Auto', 'a0');
    await save('owner', diagram.id, { content: 'a1', saveKind: 'auto' });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual(['created']);
    expect((await stored(diagram.id)).content).toBe('a1');

    await age(diagram.id, 4);
    await save('owner', diagram.id, { content: 'a2', saveKind: 'auto' });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual(['created']);

    await age(diagram.id, 1);
    await save('owner', diagram.id, { content: 'a3', saveKind: 'auto' });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual(['auto', 'created']);

    // A manual save is kept at once, and the next auto-save waits again.
    await save('owner', diagram.id, { content: 'a4', saveKind: 'manual' });
    await save('owner', diagram.id, { content: 'a5', saveKind: 'auto' });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual([
      'manual',
      'auto',
      'created',
    ]);
  });

  it('refuses an unknown saveKind with 400', async () => {
    const diagram = await create('Kinds', 'k');
    const response = await save('owner', diagram.id, { content: 'x', saveKind: 'sometimes' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain("saveKind must be 'manual' or 'auto'");
    expect((await stored(diagram.id)).content).toBe('k');
  });

  it('restores a version as a new restore version, which can itself be undone', async () => {
    const diagram = await create('Restore me', 'first');
    await save('owner', diagram.id, { content: 'second' });
    const [second, first] = await versionsOf(diagram.id);

    const restored = await as('owner', {
      method: 'POST',
      url: `/api/diagrams/${diagram.id}/versions/${first!.id}/restore`,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: diagram.id,
      title: 'Restore me',
      content: 'first',
    });
    expect((await stored(diagram.id)).content).toBe('first');
    const after = await versionsOf(diagram.id);
    expect(after.map((v) => v.kind)).toEqual(['restore', 'manual', 'created']);

    const undone = await as('owner', {
      method: 'POST',
      url: `/api/diagrams/${diagram.id}/versions/${second!.id}/restore`,
    });
    expect(undone.json()).toMatchObject({ content: 'second' });
    expect((await versionsOf(diagram.id)).map((v) => v.kind)).toEqual([
      'restore',
      'restore',
      'manual',
      'created',
    ]);
  });

  it('answers 404 Version not found for a missing version, and changes nothing', async () => {
    const diagram = await create('Missing', 'kept');
    const other = await create('Other', 'other text');
    const [otherVersion] = await versionsOf(other.id);
    const before = await stored(diagram.id);
    for (const versionId of [999_999, otherVersion!.id]) {
      const restore = await as('owner', {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/versions/${versionId}/restore`,
      });
      expect(restore.statusCode).toBe(404);
      expect(restore.json()).toEqual({ error: 'Version not found' });
      const get = await as('owner', {
        method: 'GET',
        url: `/api/diagrams/${diagram.id}/versions/${versionId}`,
      });
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ error: 'Version not found' });
    }
    expect(await stored(diagram.id)).toEqual(before);
    expect(await versionsOf(diagram.id)).toHaveLength(1);
  });

  it('refuses bad ids with 400', async () => {
    const response = await as('owner', { method: 'GET', url: '/api/diagrams/1/versions/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('versionId must be a whole number');
  });

  it('gives each caller exactly their rights on the history', async () => {
    const diagram = await sharedDiagram();
    await save('owner', diagram.id, { content: 'sequenceDiagram\nA->>B: two' });
    const [, first] = await versionsOf(diagram.id);
    const urls = {
      list: `/api/diagrams/${diagram.id}/versions`,
      get: `/api/diagrams/${diagram.id}/versions/${first!.id}`,
      restore: `/api/diagrams/${diagram.id}/versions/${first!.id}/restore`,
    };
    const expected: Record<Who, [number, number, number]> = {
      anonymous: [401, 401, 401],
      stranger: [404, 404, 404],
      viewer: [200, 200, 403],
      editor: [200, 200, 200],
      owner: [200, 200, 200],
    };
    for (const who of ['anonymous', 'stranger', 'viewer'] as const) {
      const [list, get, restore] = expected[who];
      const listed = await as(who, { method: 'GET', url: urls.list });
      expect(listed.statusCode, `${who} list`).toBe(list);
      expect((await as(who, { method: 'GET', url: urls.get })).statusCode, `${who} get`).toBe(get);
      const restored = await as(who, { method: 'POST', url: urls.restore });
      expect(restored.statusCode, `${who} restore`).toBe(restore);
      if (who === 'stranger') expect(listed.json()).toEqual({ error: 'Diagram not found' });
    }
    expect((await stored(diagram.id)).content).toBe('sequenceDiagram\nA->>B: two');

    const byEditor = await as('editor', { method: 'POST', url: urls.restore });
    expect(byEditor.statusCode).toBe(200);
    expect((await stored(diagram.id)).content).toBe('sequenceDiagram\nA->>B: one');
    const [newest] = await versionsOf(diagram.id, 'viewer');
    expect(newest).toMatchObject({ kind: 'restore', savedBy: { name: 'The editor' } });
  });

  it('records a created version for diagrams made through the public API', async () => {
    const token = (await as('owner', { method: 'GET', url: '/api/user/api-token' })).json()
      .apiToken as string;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: { authorization: `Bearer ${token}` },
      payload: { content: 'graph TD' },
    });
    expect(created.statusCode).toBe(201);
    const list = await versionsOf(created.json().id);
    expect(list.map((v) => v.kind)).toEqual(['created']);
  });

  it('thins older versions to one a day and keeps at most 100 besides the first', async () => {
    const store = diagramWriter(database.db);
    const user = await makeUser(database.db);
    const diagram = await store.create(user, { title: 'Busy', content: 'c0' });
    const day = 24 * 3_600_000;
    const now = Date.now();
    const at = (ms: number) => new Date(now - ms);
    // Three on one old day (10 days ago) and 110 within the last day.
    const old = new Date(Math.floor((now - 10 * day) / day) * day + 3_600_000);
    const rows = [
      { at: old, content: 'old-a' },
      { at: new Date(old.getTime() + 60_000), content: 'old-b' },
      { at: new Date(old.getTime() + 120_000), content: 'old-newest' },
      ...Array.from({ length: 110 }, (_, i) => ({ at: at((i + 1) * 60_000), content: `r${i}` })),
    ];
    await database.db.insert(diagramVersions).values(
      rows.map((row) => ({
        diagramId: diagram.id,
        title: 'Busy',
        content: row.content,
        savedBy: user.id,
        kind: 'manual' as const,
        createdAt: row.at,
      })),
    );
    await database.db.transaction((tx) =>
      recordVersion(tx, {
        diagramId: diagram.id,
        title: 'Busy',
        content: 'newest',
        savedBy: user.id,
        kind: 'manual',
      }),
    );
    const kept = await database.db
      .select({ content: diagramVersions.content })
      .from(diagramVersions)
      .where(eq(diagramVersions.diagramId, diagram.id))
      .orderBy(sql`${diagramVersions.createdAt} desc`);
    const contents = kept.map((row) => row.content);
    expect(contents).toHaveLength(101);
    expect(contents[0]).toBe('newest');
    // The first version stays; the rest of the old day and the oldest recent ones went first.
    expect(contents).not.toContain('old-newest');
    expect(contents[1]).toBe('c0');
    expect(contents.at(-2)).toBe('r97');
    expect(contents.at(-1)).toBe('old-a');
  });

  it('keeps the newest of each old day when under the limit', async () => {
    const store = diagramWriter(database.db);
    const user = await makeUser(database.db);
    const diagram = await store.create(user, { title: 'Quiet', content: 'q0' });
    const day = 24 * 3_600_000;
    const oldDay = Math.floor((Date.now() - 5 * day) / day) * day;
    await database.db.insert(diagramVersions).values(
      ['morning', 'noon', 'evening'].map((content, i) => ({
        diagramId: diagram.id,
        title: 'Quiet',
        content,
        savedBy: user.id,
        kind: 'manual' as const,
        createdAt: new Date(oldDay + (8 + i * 5) * 3_600_000),
      })),
    );
    await store.update(user, diagram.id, { content: 'today' });
    const list = await database.db
      .select({ content: diagramVersions.content })
      .from(diagramVersions)
      .where(eq(diagramVersions.diagramId, diagram.id))
      .orderBy(sql`${diagramVersions.createdAt} desc`);
    // 'morning' is the first version, which always stays.
    expect(list.map((row) => row.content)).toEqual(['today', 'q0', 'evening', 'morning']);
  });

  /** Every version's kind and content, oldest first. */
  const historyOf = async (id: number) =>
    database.db
      .select({ kind: diagramVersions.kind, content: diagramVersions.content })
      .from(diagramVersions)
      .where(eq(diagramVersions.diagramId, id))
      .orderBy(sql`${diagramVersions.createdAt}`, sql`${diagramVersions.id}`);
  const restore = (who: Who, id: number, versionId: number) =>
    as(who, { method: 'POST', url: `/api/diagrams/${id}/versions/${versionId}/restore` });

  it("keeps the owner's first, last and restored versions when an editor saves 101 times", async () => {
    const diagram = await sharedDiagram();
    const [created] = await versionsOf(diagram.id);
    for (const content of ['owner 1', 'owner 2']) {
      expect((await save('owner', diagram.id, { content })).statusCode).toBe(200);
      await age(diagram.id, 3);
    }
    expect((await restore('owner', diagram.id, created!.id)).statusCode).toBe(200);
    await age(diagram.id, 3);
    expect((await save('owner', diagram.id, { content: 'owner last' })).statusCode).toBe(200);
    await age(diagram.id, 3);
    // The editor saves 101 times, three minutes apart (a manual save each time).
    for (let i = 0; i < 101; i += 1) {
      expect((await save('editor', diagram.id, { content: `editor ${i}` })).statusCode).toBe(200);
      await age(diagram.id, 3);
    }

    const history = await historyOf(diagram.id);
    expect(history.slice(0, 3)).toEqual([
      { kind: 'created', content: 'sequenceDiagram\nA->>B: one' },
      { kind: 'restore', content: 'sequenceDiagram\nA->>B: one' },
      { kind: 'manual', content: 'owner last' },
    ]);
    // The cap of 100 applies to the rest: the editor's newest 100 saves.
    expect(history.slice(3).map((v) => v.content)).toEqual(
      Array.from({ length: 100 }, (_, i) => `editor ${i + 1}`),
    );
    const listed = await versionsOf(diagram.id);
    expect(listed.at(-1)).toMatchObject({ kind: 'created', savedBy: { name: 'The owner' } });
  });

  it('keeps at most 10 manual versions per person in 10 minutes; later saves update the newest', async () => {
    const diagram = await sharedDiagram();
    expect((await save('owner', diagram.id, { content: 'owner text' })).statusCode).toBe(200);
    for (let i = 0; i < 30; i += 1) {
      expect((await save('editor', diagram.id, { content: `editor ${i}` })).statusCode).toBe(200);
    }
    const contents = async () => (await historyOf(diagram.id)).map((v) => v.content);
    expect(await contents()).toEqual([
      'sequenceDiagram\nA->>B: one',
      'owner text',
      ...Array.from({ length: 9 }, (_, i) => `editor ${i}`),
      'editor 29', // the tenth version holds the newest text
    ]);
    expect((await stored(diagram.id)).content).toBe('editor 29');

    // The owner's quota is their own; after the owner's version the editor's save keeps none.
    expect((await save('owner', diagram.id, { content: 'owner again' })).statusCode).toBe(200);
    expect((await save('editor', diagram.id, { content: 'editor 30' })).statusCode).toBe(200);
    expect((await contents()).slice(-2)).toEqual(['editor 29', 'owner again']);
    expect((await stored(diagram.id)).content).toBe('editor 30');

    // Once the window has passed, the editor's saves keep versions again.
    await age(diagram.id, 11);
    expect((await save('editor', diagram.id, { content: 'editor 31' })).statusCode).toBe(200);
    expect((await contents()).slice(-2)).toEqual(['owner again', 'editor 31']);
  });

  it('keeps at most 10 restore versions per person in 10 minutes', async () => {
    const diagram = await sharedDiagram();
    await save('owner', diagram.id, { content: 'two' });
    const [two, one] = await versionsOf(diagram.id);
    for (let i = 0; i < 30; i += 1) {
      const restored = await restore('editor', diagram.id, (i % 2 === 0 ? one : two)!.id);
      expect(restored.statusCode).toBe(200);
    }
    const history = await historyOf(diagram.id);
    expect(history.filter((v) => v.kind === 'restore')).toHaveLength(10);
    // The newest restore version holds what the last restore brought back.
    expect(history.at(-1)).toEqual({ kind: 'restore', content: 'two' });
    expect((await stored(diagram.id)).content).toBe('two');
  });

  it('keeps versions whose author is gone, with savedBy null', async () => {
    const diagram = await sharedDiagram();
    await save('editor', diagram.id, { content: 'by the editor' });
    const [newest] = await versionsOf(diagram.id);
    expect(newest?.savedBy).toMatchObject({ name: 'The editor' });
    await database.db.delete(users).where(eq(users.id, newest!.savedBy!.id));
    const [after] = await versionsOf(diagram.id);
    expect(after).toMatchObject({ id: newest!.id, savedBy: null });
    cookies.editor = await signInLocally(app, 'editor@example.test', 'The editor');
  });
});
