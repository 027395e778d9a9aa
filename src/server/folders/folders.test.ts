import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Diagram, Folder } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'folder calls on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;

  const call = (options: InjectOptions, cookie?: string) => injectWithCookie(app, options, cookie);
  const json = async <T>(options: InjectOptions, cookie: string, status = 200): Promise<T> => {
    const response = await call(options, cookie);
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const makeFolder = (name: string, cookie = owner) =>
    json<Folder>({ method: 'POST', url: '/api/folders', payload: { name } }, cookie, 201);
  const makeDiagram = (title: string, folderId: number | null = null, cookie = owner) =>
    json<Diagram>(
      { method: 'POST', url: '/api/diagrams', payload: { title, content: 'graph TD', folderId } },
      cookie,
      201,
    );
  const folderList = () => json<Folder[]>({ method: 'GET', url: '/api/folders' }, owner);

  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
    owner = await signInLocally(app, 'folders-owner@example.test');
    stranger = await signInLocally(app, 'folders-stranger@example.test');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 to every folder call when signed out', async () => {
    const folder = await makeFolder('Signed-out probe');
    for (const options of [
      { method: 'GET', url: '/api/folders' },
      { method: 'POST', url: '/api/folders', payload: { name: 'X' } },
      { method: 'PUT', url: `/api/folders/${folder.id}`, payload: { name: 'X' } },
      { method: 'DELETE', url: `/api/folders/${folder.id}` },
    ] as InjectOptions[]) {
      const response = await call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(401);
    }
    expect((await folderList()).find((f) => f.id === folder.id)?.name).toBe('Signed-out probe');
  });

  it('creates folders in order, renames, reorders and lists them by position', async () => {
    const a = await makeFolder('  Alpha  ');
    const b = await makeFolder('Beta');
    expect(a.name).toBe('Alpha');
    expect(b.position).toBeGreaterThan(a.position);
    const renamed = await json<Folder>(
      { method: 'PUT', url: `/api/folders/${a.id}`, payload: { name: 'Alpha 2' } },
      owner,
    );
    expect(renamed).toEqual({ ...a, name: 'Alpha 2' });
    await json(
      { method: 'PUT', url: `/api/folders/${a.id}`, payload: { position: b.position + 1 } },
      owner,
    );
    const ids = (await folderList()).map((f) => f.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
  });

  it("answers 404 for every call on another user's folder and changes nothing", async () => {
    const folder = await makeFolder('Private');
    expect(await json<Folder[]>({ method: 'GET', url: '/api/folders' }, stranger)).toEqual([]);
    for (const options of [
      { method: 'PUT', url: `/api/folders/${folder.id}`, payload: { name: 'Taken' } },
      { method: 'DELETE', url: `/api/folders/${folder.id}` },
    ] as InjectOptions[]) {
      const response = await call(options, stranger);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Folder not found' });
    }
    expect((await folderList()).find((f) => f.id === folder.id)?.name).toBe('Private');
  });

  it.each<[string, unknown, RegExp]>([
    ['a blank name', { name: '   ' }, /^name must not be blank$/],
    [
      'a name over 100 characters',
      { name: 'x'.repeat(101) },
      /^name must be at most 100 characters$/,
    ],
    ['a missing name', {}, /^name is required$/],
    ['a non-text name', { name: 7 }, /^name must be text$/],
  ])('refuses %s with 400 and stores nothing', async (_case, payload, message) => {
    const before = await folderList();
    const response = await call(
      { method: 'POST', url: '/api/folders', payload: payload as object },
      owner,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect(await folderList()).toEqual(before);
  });

  it('refuses to rename to a blank name and keeps the old one', async () => {
    const folder = await makeFolder('Keep me');
    const response = await call(
      { method: 'PUT', url: `/api/folders/${folder.id}`, payload: { name: '' } },
      owner,
    );
    expect(response.statusCode).toBe(400);
    expect((await folderList()).find((f) => f.id === folder.id)?.name).toBe('Keep me');
  });

  it("refuses to move a diagram into another user's folder or a missing one", async () => {
    const theirs = await makeFolder('Theirs', stranger);
    const diagram = await makeDiagram('Stay put');
    for (const folderId of [theirs.id, 999_999]) {
      const response = await call(
        { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { folderId } },
        owner,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Folder not found' });
    }
    const stored = await json<Diagram>(
      { method: 'GET', url: `/api/diagrams/${diagram.id}` },
      owner,
    );
    expect(stored.folderId).toBeNull();
  });

  it('moves a diagram into a folder and back to the root', async () => {
    const folder = await makeFolder('Target');
    const diagram = await makeDiagram('Mover');
    const moved = await json<Diagram>(
      { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { folderId: folder.id } },
      owner,
    );
    expect(moved.folderId).toBe(folder.id);
    const back = await json<Diagram>(
      { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { folderId: null } },
      owner,
    );
    expect(back.folderId).toBeNull();
  });

  it('deleting a folder moves all of its diagrams to the root', async () => {
    const folder = await makeFolder('Doomed');
    const inside = await Promise.all([1, 2, 3].map((n) => makeDiagram(`Inside ${n}`, folder.id)));
    const elsewhere = await makeFolder('Elsewhere');
    const other = await makeDiagram('Other folder', elsewhere.id);
    const response = await call({ method: 'DELETE', url: `/api/folders/${folder.id}` }, owner);
    expect(response.statusCode).toBe(204);

    const all = await json<Diagram[]>({ method: 'GET', url: '/api/diagrams' }, owner);
    for (const diagram of inside) {
      expect(all.find((d) => d.id === diagram.id)).toMatchObject({
        folderId: null,
        content: 'graph TD',
      });
    }
    expect(all.find((d) => d.id === other.id)?.folderId).toBe(elsewhere.id);
    expect((await folderList()).map((f) => f.id)).not.toContain(folder.id);
  });

  it('lists diagrams in a light form without their text when asked', async () => {
    await makeDiagram('Light');
    const summary = await json<Record<string, unknown>[]>(
      { method: 'GET', url: '/api/diagrams?view=summary' },
      owner,
    );
    const full = await json<Diagram[]>({ method: 'GET', url: '/api/diagrams' }, owner);
    expect(summary.length).toBe(full.length);
    expect(summary[0]).not.toHaveProperty('content');
    expect(summary[0]).toMatchObject({ title: full[0]!.title, updatedAt: full[0]!.updatedAt });
    const bad = await call({ method: 'GET', url: '/api/diagrams?view=everything' }, owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/view must be full or summary/);
  });
});
