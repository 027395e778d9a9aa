import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApiDiagram, Diagram, Folder } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
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
    const tokenResponse = await app.inject({
      method: 'GET',
      url: '/api/user/api-token',
      headers: { cookie: owner },
    });
    token = (tokenResponse.json() as { apiToken: string }).apiToken;
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
