import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Diagram, Folder } from '../../shared/schemas.js';
import type { TrashedDiagram } from '../../shared/versions.js';
import type { Database } from '../db/client.js';
import { diagrams, diagramVersions } from '../db/schema.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { trashStore } from './store.js';

type Who = 'anonymous' | 'owner' | 'editor' | 'stranger';

describeEach(testDatabases, 'recently deleted on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  const cookies: Partial<Record<Who, string>> = {};

  const as = (who: Who, options: InjectOptions) => injectWithCookie(app, options, cookies[who]);
  const create = async (title: string, folderId?: number): Promise<Diagram> =>
    (
      await as('owner', {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title, content: `sequenceDiagram\nA->>B: ${title}`, folderId },
      })
    ).json();
  const remove = (id: number) => as('owner', { method: 'DELETE', url: `/api/diagrams/${id}` });
  const trash = async (who: Who = 'owner'): Promise<TrashedDiagram[]> =>
    (await as(who, { method: 'GET', url: '/api/trash' })).json();
  /** Moves the diagram's deletion `days` into the past. */
  const deletedDaysAgo = (id: number, days: number) =>
    database.db
      .update(diagrams)
      .set({ deletedAt: sql`now() - ${`${days} days`}::interval` })
      .where(eq(diagrams.id, id));

  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
    for (const who of ['owner', 'editor', 'stranger'] as const) {
      cookies[who] = await signInLocally(app, `${who}@example.test`, who);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('moves a deleted diagram to the trash, out of every other place', async () => {
    const diagram = await create('Shared then deleted');
    const shared = await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { isPublic: true },
    });
    const token = shared.json().shareToken as string;
    await as('owner', {
      method: 'POST',
      url: `/api/diagrams/${diagram.id}/collaborators`,
      payload: { email: 'editor@example.test', role: 'editor' },
    });

    const sharedBefore = await as('editor', { method: 'GET', url: '/api/shared-with-me' });
    expect(sharedBefore.json().map((d: Diagram) => d.id)).toContain(diagram.id);
    const linkBefore = await as('anonymous', {
      method: 'GET',
      url: `/api/diagrams/shared/${token}`,
    });
    expect(linkBefore.statusCode).toBe(200);

    expect((await remove(diagram.id)).statusCode).toBe(204);

    const lists = [
      await as('owner', { method: 'GET', url: '/api/diagrams' }),
      await as('owner', { method: 'GET', url: '/api/diagrams?view=summary' }),
      await as('editor', { method: 'GET', url: '/api/shared-with-me' }),
    ];
    for (const list of lists) {
      expect(list.json().map((d: Diagram) => d.id)).not.toContain(diagram.id);
    }
    const gone: [Who, InjectOptions][] = [
      ['owner', { method: 'GET', url: `/api/diagrams/${diagram.id}` }],
      ['owner', { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { title: 'x' } }],
      ['owner', { method: 'DELETE', url: `/api/diagrams/${diagram.id}` }],
      ['owner', { method: 'GET', url: `/api/diagrams/${diagram.id}/versions` }],
      ['owner', { method: 'GET', url: `/api/diagrams/${diagram.id}/collaborators` }],
      ['editor', { method: 'GET', url: `/api/diagrams/${diagram.id}` }],
      ['editor', { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { title: 'x' } }],
      ['anonymous', { method: 'GET', url: `/api/diagrams/shared/${token}` }],
      ['anonymous', { method: 'GET', url: `/d/${token}.svg` }],
      ['anonymous', { method: 'GET', url: `/d/${token}.png` }],
    ];
    for (const [who, options] of gone) {
      const response = await as(who, options);
      expect(response.statusCode, `${who} ${options.method} ${options.url}`).toBe(404);
    }

    const [entry] = await trash();
    expect(entry).toMatchObject({ id: diagram.id, title: 'Shared then deleted', folderId: null });
    expect(Date.parse(entry!.purgeAt) - Date.parse(entry!.deletedAt)).toBe(30 * 86_400_000);
  });

  it('lists the trash newest deletion first, only to its owner', async () => {
    const first = await create('Deleted first');
    const second = await create('Deleted second');
    await remove(first.id);
    await remove(second.id);
    const ids = (await trash()).map((entry) => entry.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(await trash('stranger')).toEqual([]);
    expect(await trash('editor')).toEqual([]);
  });

  it('restores a diagram into its folder and out of the trash', async () => {
    const folder: Folder = (
      await as('owner', { method: 'POST', url: '/api/folders', payload: { name: 'Keep' } })
    ).json();
    const diagram = await create('In a folder', folder.id);
    await remove(diagram.id);

    const restored = await as('owner', { method: 'POST', url: `/api/trash/${diagram.id}/restore` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      id: diagram.id,
      title: 'In a folder',
      folderId: folder.id,
    });
    expect(
      (await as('owner', { method: 'GET', url: `/api/diagrams/${diagram.id}` })).statusCode,
    ).toBe(200);
    expect((await trash()).map((entry) => entry.id)).not.toContain(diagram.id);
  });

  it('restores to the root when the folder was deleted meanwhile', async () => {
    const folder: Folder = (
      await as('owner', { method: 'POST', url: '/api/folders', payload: { name: 'Gone' } })
    ).json();
    const diagram = await create('Orphaned', folder.id);
    await remove(diagram.id);
    await as('owner', { method: 'DELETE', url: `/api/folders/${folder.id}` });
    expect((await trash()).find((entry) => entry.id === diagram.id)?.folderId).toBeNull();
    const restored = await as('owner', { method: 'POST', url: `/api/trash/${diagram.id}/restore` });
    expect(restored.json()).toMatchObject({ id: diagram.id, folderId: null });
  });

  it('deletes for good, with the versions', async () => {
    const diagram = await create('Forever');
    await remove(diagram.id);
    const response = await as('owner', { method: 'DELETE', url: `/api/trash/${diagram.id}` });
    expect(response.statusCode).toBe(204);
    expect((await trash()).map((entry) => entry.id)).not.toContain(diagram.id);
    const again = await as('owner', { method: 'POST', url: `/api/trash/${diagram.id}/restore` });
    expect(again.statusCode).toBe(404);
    const versions = await database.db
      .select()
      .from(diagramVersions)
      .where(eq(diagramVersions.diagramId, diagram.id));
    expect(versions).toEqual([]);
  });

  it("answers 404 for another user's trashed diagram, a live diagram, or a missing one, and changes nothing", async () => {
    const trashed = await create('Not yours');
    const live = await create('Still live');
    await remove(trashed.id);
    const attempts: [Who, number][] = [
      ['stranger', trashed.id],
      ['editor', trashed.id],
      ['owner', live.id],
      ['owner', 999_999],
    ];
    for (const [who, id] of attempts) {
      for (const options of [
        { method: 'POST', url: `/api/trash/${id}/restore` },
        { method: 'DELETE', url: `/api/trash/${id}` },
      ] as InjectOptions[]) {
        const response = await as(who, options);
        expect(response.statusCode, `${who} ${options.method} ${options.url}`).toBe(404);
        expect(response.json()).toEqual({ error: 'Diagram not found' });
      }
    }
    expect((await trash()).map((entry) => entry.id)).toContain(trashed.id);
    expect((await as('owner', { method: 'GET', url: `/api/diagrams/${live.id}` })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 to every trash call when signed out', async () => {
    for (const options of [
      { method: 'GET', url: '/api/trash' },
      { method: 'POST', url: '/api/trash/1/restore' },
      { method: 'DELETE', url: '/api/trash/1' },
    ] as InjectOptions[]) {
      const response = await as('anonymous', options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(401);
      expect(response.json()).toEqual({ error: 'Not authenticated' });
    }
  });

  it('purges diagrams deleted more than 30 days ago, on listing and by the timer task', async () => {
    const old = await create('Thirty-one days');
    const recent = await create('Twenty-nine days');
    await remove(old.id);
    await remove(recent.id);
    await deletedDaysAgo(old.id, 31);
    await deletedDaysAgo(recent.id, 29);

    const restoreOld = await as('owner', { method: 'POST', url: `/api/trash/${old.id}/restore` });
    expect(restoreOld.statusCode).toBe(404);
    const ids = (await trash()).map((entry) => entry.id);
    expect(ids).toContain(recent.id);
    expect(ids).not.toContain(old.id);
    expect(await database.db.select().from(diagrams).where(eq(diagrams.id, old.id))).toEqual([]);

    // The hourly task purges everyone's, without anyone listing.
    const stale = await create('Stale');
    await remove(stale.id);
    await deletedDaysAgo(stale.id, 30.5);
    expect(await trashStore(database.db).purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(diagrams).where(eq(diagrams.id, stale.id))).toEqual([]);
    expect(
      await database.db.select().from(diagrams).where(eq(diagrams.id, recent.id)),
    ).toHaveLength(1);
  });
});
