import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Diagram } from '../../shared/schemas.js';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { diagramLiveState } from '../db/schema.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'diagram calls on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let owner: string;
  let stranger: string;
  let diagram: Diagram;

  const call = (options: InjectOptions, cookie?: string) => injectWithCookie(app, options, cookie);
  const stored = async () =>
    (await call({ method: 'GET', url: `/api/diagrams/${diagram.id}` }, owner)).json() as Diagram;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database);
    owner = await signInLocally(app, 'owner@example.test');
    stranger = await signInLocally(app, 'stranger@example.test');
    const created = await call(
      {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: 'Checkout', content: 'sequenceDiagram\nA->>B: pay' },
      },
      owner,
    );
    expect(created.statusCode).toBe(201);
    diagram = created.json();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const calls = (): InjectOptions[] => [
    { method: 'GET', url: '/api/diagrams' },
    { method: 'GET', url: `/api/diagrams/${diagram.id}` },
    { method: 'POST', url: '/api/diagrams', payload: { title: 'T', content: 'graph TD' } },
    { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { title: 'Renamed by caller' } },
    { method: 'DELETE', url: `/api/diagrams/${diagram.id}` },
  ];

  it('answers 401 to every call when signed out, and changes nothing', async () => {
    for (const options of calls()) {
      const response = await call(options);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(401);
      expect(response.json()).toEqual({ error: 'Not authenticated' });
    }
    expect((await stored()).title).toBe('Checkout');
  });

  it("answers 404 for another user's diagram, and lists only the caller's own", async () => {
    const [list, get, , put, del] = calls();
    expect((await call(list!, stranger)).json()).toEqual([]);
    for (const options of [get!, put!, del!]) {
      const response = await call(options, stranger);
      expect(response.statusCode, `${options.method} ${options.url}`).toBe(404);
      expect(response.json()).toEqual({ error: 'Diagram not found' });
    }
    expect((await stored()).title).toBe('Checkout');
  });

  it('lets the owner list, read, create, update and delete', async () => {
    const list = await call({ method: 'GET', url: '/api/diagrams' }, owner);
    expect(list.json().map((d: Diagram) => d.id)).toContain(diagram.id);
    const extra = await call(
      {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: '  Spaced  ', content: '', ignored: 1 },
      },
      owner,
    );
    expect(extra.statusCode).toBe(201);
    expect(extra.json()).toMatchObject({
      title: 'Spaced',
      content: '',
      folderId: null,
      isPublic: false,
    });
    expect(extra.json()).not.toHaveProperty('ignored');

    const put = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${extra.json().id}`,
        payload: { id: 999, title: 'New', content: 'x', isPublic: false },
      },
      owner,
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ id: extra.json().id, title: 'New', content: 'x' });

    const del = await call({ method: 'DELETE', url: `/api/diagrams/${extra.json().id}` }, owner);
    expect(del.statusCode).toBe(204);
    const gone = await call({ method: 'GET', url: `/api/diagrams/${extra.json().id}` }, owner);
    expect(gone.statusCode).toBe(404);
  });

  it.each<[string, InjectOptions, number, RegExp]>([
    ['wrong title type', { method: 'PUT', payload: { title: 42 } }, 400, /^title must be text$/],
    ['blank title', { method: 'PUT', payload: { title: '   ' } }, 400, /^title must not be empty$/],
    [
      'title over 200',
      { method: 'PUT', payload: { title: 'x'.repeat(201) } },
      400,
      /at most 200 characters/,
    ],
    [
      'wrong content type',
      { method: 'PUT', payload: { content: ['a'] } },
      400,
      /^content must be text$/,
    ],
    [
      'wrong isPublic type',
      { method: 'PUT', payload: { isPublic: 'yes' } },
      400,
      /isPublic must be true or false/,
    ],
    [
      'nothing to change',
      { method: 'PUT', payload: { other: 1 } },
      400,
      /at least one of title, content/,
    ],
    [
      'bad updatedAt',
      { method: 'PUT', payload: { title: 'a', updatedAt: 'yesterday' } },
      400,
      /updatedAt/,
    ],
    ...[
      '-271821-04-20T00:00:00.000Z',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '0999-12-31T23:59:59.999Z',
      '10000-01-01T00:00:00.000Z',
      'Mon, 01 Jan 2024 00:00:00 GMT',
    ].map((updatedAt): [string, InjectOptions, number, RegExp] => [
      `updatedAt ${updatedAt}`,
      { method: 'PUT', payload: { title: 'a', updatedAt } },
      400,
      /^updatedAt must be a date-time from the year 1000 to 9999/,
    ]),
    [
      'content over 1,000,000',
      { method: 'PUT', payload: { content: 'x'.repeat(1_000_001) } },
      413,
      /at most 1,000,000 characters/,
    ],
    [
      'body over the limit',
      { method: 'PUT', payload: { content: 'é'.repeat(2_200_000) } },
      413,
      /too large/,
    ],
    [
      'invalid JSON',
      { method: 'PUT', payload: '{"title": ', headers: { 'content-type': 'application/json' } },
      400,
      /not valid JSON/,
    ],
    [
      'not JSON',
      {
        method: 'PUT',
        payload: 'title=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
      /application\/json/,
    ],
    [
      'folder that does not exist',
      { method: 'PUT', payload: { folderId: 987654 } },
      404,
      /^Folder not found$/,
    ],
    [
      'non-numeric id',
      { method: 'PUT', url: '/api/diagrams/abc', payload: { title: 'a' } },
      400,
      /id must be a whole number/,
    ],
  ])(
    'refuses %s with a clear message and keeps the stored diagram',
    async (_name, options, status, message) => {
      const before = await stored();
      const response = await call({ url: `/api/diagrams/${diagram.id}`, ...options }, owner);
      expect(response.statusCode).toBe(status);
      expect(response.json().error).toMatch(message);
      expect(await stored()).toEqual(before);
    },
  );

  it.each<[string, unknown, RegExp]>([
    ['missing content', { title: 'A' }, /^content is required$/],
    ['missing title', { content: 'A' }, /^title is required$/],
    ['array body', [1, 2], /expected object/],
  ])('refuses a create with %s', async (_name, payload, message) => {
    const before = (await call({ method: 'GET', url: '/api/diagrams' }, owner)).json();
    const response = await call(
      { method: 'POST', url: '/api/diagrams', payload: payload as object },
      owner,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatch(message);
    expect((await call({ method: 'GET', url: '/api/diagrams' }, owner)).json()).toEqual(before);
  });

  it('refuses a lost update with 409 and keeps the stored text', async () => {
    const seen = await stored();
    const first = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: 'tab one', updatedAt: seen.updatedAt },
      },
      owner,
    );
    expect(first.statusCode).toBe(200);
    const second = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: 'tab two', updatedAt: seen.updatedAt },
      },
      owner,
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().diagram.content).toBe('tab one');
    expect((await stored()).content).toBe('tab one');

    const overwrite = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: 'tab two', updatedAt: second.json().diagram.updatedAt },
      },
      owner,
    );
    expect(overwrite.statusCode).toBe(200);
    expect((await stored()).content).toBe('tab two');
  });

  it('refuses a stale save without opening the live document (nothing stored)', async () => {
    const fresh = (
      await call(
        {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'Untouched', content: 'sequenceDiagram\nA->>B: as made' },
        },
        owner,
      )
    ).json() as Diagram;
    const stale = await call(
      {
        method: 'PUT',
        url: `/api/diagrams/${fresh.id}`,
        payload: { content: 'too late', updatedAt: '2000-01-01T00:00:00.000Z' },
      },
      owner,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().diagram.content).toBe('sequenceDiagram\nA->>B: as made');
    const state = await database.db
      .select({ id: diagramLiveState.diagramId })
      .from(diagramLiveState)
      .where(eq(diagramLiveState.diagramId, fresh.id));
    expect(state).toEqual([]);
  });

  it('gives every save a strictly later updatedAt, even in quick succession', async () => {
    let last = (await stored()).updatedAt;
    for (let i = 0; i < 5; i++) {
      const response = await call(
        {
          method: 'PUT',
          url: `/api/diagrams/${diagram.id}`,
          payload: { content: `rev ${i}`, updatedAt: last },
        },
        owner,
      );
      expect(response.statusCode).toBe(200);
      expect(Date.parse(response.json().updatedAt)).toBeGreaterThan(Date.parse(last));
      last = response.json().updatedAt;
    }
  });
});
