import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiDiagram, Diagram, Folder } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { apiTokenOf, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'POST /api/v1/diagrams on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let token: string;
  let strangerFolder: Folder;

  const create = (payload: unknown, authorization = `Bearer ${token}`) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: authorization ? { authorization } : {},
      payload: payload as Record<string, unknown>,
    });

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { publicUrl: 'https://lifeline.example' });
    owner = await signInLocally(app, 'api-owner@example.test');
    const stranger = await signInLocally(app, 'api-stranger@example.test');
    token = await apiTokenOf(app, owner);
    const folder = await app.inject({
      method: 'POST',
      url: '/api/folders',
      headers: { cookie: stranger },
      payload: { name: 'Not yours' },
    });
    strangerFolder = folder.json() as Folder;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("creates a diagram at the root with the default title and an editor url, in the owner's list", async () => {
    const response = await create({ content: 'sequenceDiagram\n  A->>B: hi' });
    expect(response.statusCode, response.body).toBe(201);
    const diagram = response.json() as ApiDiagram;
    expect(diagram).toMatchObject({
      title: 'API Created Diagram',
      content: 'sequenceDiagram\n  A->>B: hi',
      folderId: null,
      isPublic: false,
    });
    expect(diagram.url).toBe(`https://lifeline.example/?diagramId=${diagram.id}`);
    const list = await app.inject({
      method: 'GET',
      url: '/api/diagrams',
      headers: { cookie: owner },
    });
    expect((list.json() as Diagram[]).map((d) => d.id)).toContain(diagram.id);
  });

  it("takes a title and one of the owner's folders", async () => {
    const folder = (
      await app.inject({
        method: 'POST',
        url: '/api/folders',
        headers: { cookie: owner },
        payload: { name: 'API' },
      })
    ).json() as Folder;
    const response = await create({
      content: 'graph TD; A-->B',
      title: 'Mine',
      folderId: folder.id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Mine', folderId: folder.id });
    expect((await create({ content: 'graph TD', folderId: null })).json()).toMatchObject({
      folderId: null,
    });
  });

  it("answers 404 for another user's folder or a missing one", async () => {
    for (const folderId of [strangerFolder.id, 999_999]) {
      const response = await create({ content: 'graph TD', folderId });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Folder not found' });
    }
  });

  it('answers 401 without a token or with a wrong one, never with a session cookie alone', async () => {
    for (const authorization of [
      '',
      'Bearer ll_wrong',
      `Bearer ll_${'a'.repeat(43)}`,
      `Basic ${token}`,
    ]) {
      const response = await create({ content: 'graph TD' }, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toHaveProperty('error');
    }
    const withCookie = await app.inject({
      method: 'POST',
      url: '/api/v1/diagrams',
      headers: { cookie: owner },
      payload: { content: 'graph TD' },
    });
    expect(withCookie.statusCode).toBe(401);
  });

  it.each([
    [{}, 'content is required'],
    [{ content: 42 }, 'content must be text'],
    [{ content: 'graph TD', title: '   ' }, 'title must not be empty'],
    [{ content: 'graph TD', folderId: 'x' }, 'folderId'],
    [{ content: 'graph TD', folderId: 1.5 }, 'folderId'],
  ])('answers 400 naming the field for %o', async (payload, message) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { error: string }).error).toContain(message);
  });
});

describeEach(
  testDatabases,
  'reading, searching and changing diagrams with /api/v1 on $name',
  ({ open }) => {
    let database: Database;
    let app: FastifyInstance;
    let owner: string;
    let token: string;
    let strangerToken: string;
    let diagram: ApiDiagram;
    let folder: Folder;

    const call = (method: 'GET' | 'PUT', url: string, payload?: object, bearer = token) =>
      app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${bearer}` },
        ...(payload ? { payload } : {}),
      });
    const tokenOf = (cookie: string) => apiTokenOf(app, cookie);
    const post = async <T>(url: string, payload: object) =>
      (await app.inject({ method: 'POST', url, headers: { cookie: owner }, payload })).json() as T;

    beforeAll(async () => {
      database = await open();
      app = await testApp(database, { publicUrl: 'https://lifeline.example' });
      owner = await signInLocally(app, 'reader@example.test');
      token = await tokenOf(owner);
      strangerToken = await tokenOf(await signInLocally(app, 'other@example.test'));
      folder = await post<Folder>('/api/folders', { name: 'Handshakes' });
      diagram = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/diagrams',
          headers: { authorization: `Bearer ${token}` },
          payload: {
            title: 'TLS 100%',
            content: 'sequenceDiagram\n  Client->>Server: ClientHello',
          },
        })
      ).json() as ApiDiagram;
      await post('/api/diagrams', { title: 'Other', content: 'graph TD; A-->B' });
    });
    afterAll(async () => {
      await app?.close();
      await database?.close();
    });

    it('lists your diagrams without text, and searches title and text in any case, literally', async () => {
      const all = await call('GET', '/api/v1/diagrams');
      expect(all.statusCode, all.body).toBe(200);
      const listed = all.json() as Diagram[];
      expect(listed.map((d) => d.title).sort()).toEqual(['Other', 'TLS 100%']);
      expect(listed[0]).not.toHaveProperty('content');
      const byText = (await call('GET', '/api/v1/diagrams?q=clienthello')).json() as Diagram[];
      expect(byText.map((d) => d.id)).toEqual([diagram.id]);
      // % and _ are plain characters, not patterns.
      expect(((await call('GET', '/api/v1/diagrams?q=%25')).json() as Diagram[]).length).toBe(1);
      expect(((await call('GET', '/api/v1/diagrams?q=_')).json() as Diagram[]).length).toBe(0);
      expect((await call('GET', '/api/v1/diagrams', undefined, strangerToken)).json()).toEqual([]);
    });

    it.each([
      ['q=', 'q must not be blank'],
      [`q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
    ])('answers 400 for the query %s', async (query, message) => {
      const response = await call('GET', `/api/v1/diagrams?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
    });

    it("reads a diagram with its access and url; another user's answers like a missing one", async () => {
      const read = await call('GET', `/api/v1/diagrams/${diagram.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({
        id: diagram.id,
        content: diagram.content,
        access: 'owner',
        url: `https://lifeline.example/?diagramId=${diagram.id}`,
      });
      for (const [id, bearer] of [
        [diagram.id, strangerToken],
        [999_999, token],
      ] as const) {
        const refused = await call('GET', `/api/v1/diagrams/${id}`, undefined, bearer);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ error: 'Diagram not found' });
      }
    });

    it('changes text, title and folder, refuses a stale change with 409 and an empty one with 400', async () => {
      const changed = await call('PUT', `/api/v1/diagrams/${diagram.id}`, {
        title: 'TLS 1.3',
        content: 'sequenceDiagram\n  Client->>Server: ClientHello + key_share',
        folderId: folder.id,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const after = changed.json() as ApiDiagram;
      expect(after).toMatchObject({ title: 'TLS 1.3', folderId: folder.id });
      const versions = (
        await app.inject({
          method: 'GET',
          url: `/api/diagrams/${diagram.id}/versions`,
          headers: { cookie: owner },
        })
      ).json() as { kind: string; savedBy: { name: string } }[];
      expect(versions[0]).toMatchObject({ kind: 'manual', savedBy: { name: 'reader' } });

      const stale = await call('PUT', `/api/v1/diagrams/${diagram.id}`, {
        content: 'graph TD',
        updatedAt: diagram.updatedAt,
      });
      expect(stale.statusCode).toBe(409);
      expect((stale.json() as { error: string }).error).toContain('changed elsewhere');
      const empty = await call('PUT', `/api/v1/diagrams/${diagram.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ error: 'send at least one of title, content or folderId' });
      const stranger = await call(
        'PUT',
        `/api/v1/diagrams/${diagram.id}`,
        { title: 'x' },
        strangerToken,
      );
      expect(stranger.statusCode).toBe(404);
    });

    it("lists your folders, and another user's none", async () => {
      expect((await call('GET', '/api/v1/folders')).json()).toEqual([folder]);
      expect((await call('GET', '/api/v1/folders', undefined, strangerToken)).json()).toEqual([]);
    });
  },
);
