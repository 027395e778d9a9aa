/**
 * Comments over the app's API, /api/v1 and MCP: every role, every bound, anchors that follow the
 * text through REST saves and restores, the trash, mentions and the write limit.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_BODY_MAX,
  COMMENTS_PER_DIAGRAM_MAX,
  type Comment,
  type CommentThread,
  type Mention,
} from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { comments } from '../db/schema.js';
import { signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';
import { as, makeWorld, type ActorName, type World } from '../../../test/support/world.js';
import {
  AUTHOR_ONLY,
  NOT_A_STATEMENT,
  REPLY_TO_THREAD,
  RESOLVE_REFUSED,
  TOO_MANY_COMMENTS,
} from './operations.js';

const SECRET = 'comments-test-secret-0123456789abcdefghij';
const TEXT = [
  'sequenceDiagram',
  '  Alice->>Bob: one',
  '  Bob->>Carol: two',
  '  Carol-->>Alice: three',
];

describeEach(testDatabases, 'comments on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  let world: World;

  const url = (id = world.diagramId) => `/api/diagrams/${id}/comments`;
  const call = (actor: ActorName, options: InjectOptions) => app.inject(as(world, actor, options));
  const post = (actor: ActorName, payload: object, id?: number) =>
    call(actor, { method: 'POST', url: url(id), payload });
  const list = async (actor: ActorName = 'owner') => {
    const response = await call(actor, { method: 'GET', url: url() });
    expect(response.statusCode).toBe(200);
    return response.json<CommentThread[]>();
  };
  const setText = async (content: string) => {
    const response = await call('owner', {
      method: 'PUT',
      url: `/api/diagrams/${world.diagramId}`,
      payload: { content },
    });
    expect(response.statusCode).toBe(200);
  };
  const clear = () => database.db.delete(comments).where(eq(comments.diagramId, world.diagramId));

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { appSecret: SECRET });
    world = await makeWorld(database.db, SECRET);
    await setText(TEXT.join('\n'));
    const published = await call('owner', {
      method: 'PUT',
      url: `/api/diagrams/${world.publicDiagramId}`,
      payload: { content: TEXT.join('\n') },
    });
    expect(published.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('roles', () => {
    it('lets the owner, editors and viewers read and add comments', async () => {
      await clear();
      for (const actor of ['owner', 'editor', 'viewer'] as const) {
        const added = await post(actor, { body: `from the ${actor}`, line: 3 });
        expect(added.statusCode, actor).toBe(201);
        expect(added.json<Comment>()).toEqual({
          id: expect.any(Number),
          body: `from the ${actor}`,
          author: { name: expect.stringMatching(new RegExp(`^${actor} `)) },
          line: 3,
          resolved: false,
          parentId: null,
          createdAt: expect.any(String),
        });
      }
      for (const actor of ['owner', 'editor', 'viewer'] as const) {
        const threads = await list(actor);
        expect(threads.map((thread) => thread.body)).toEqual([
          'from the owner',
          'from the editor',
          'from the viewer',
        ]);
        expect(threads[0]).toEqual({ ...threads[0], replies: [] });
      }
    });

    it('answers strangers 404, the signed out 401, and a public link shows none', async () => {
      for (const actor of ['stranger', 'unverified'] as const) {
        expect((await call(actor, { method: 'GET', url: url() })).statusCode).toBe(404);
        expect((await post(actor, { body: 'hi', line: 2 })).statusCode).toBe(404);
      }
      for (const actor of ['anonymous', 'expired'] as const) {
        expect((await call(actor, { method: 'GET', url: url() })).statusCode).toBe(401);
        expect((await post(actor, { body: 'hi', line: 2 })).statusCode).toBe(401);
      }
      // The public diagram's visitors (and strangers) see none of its comments.
      const publicUrl = url(world.publicDiagramId);
      expect(
        (await call('owner', { method: 'POST', url: publicUrl, payload: { body: 'x', line: 2 } }))
          .statusCode,
      ).toBe(201);
      expect((await call('stranger', { method: 'GET', url: publicUrl })).statusCode).toBe(404);
      const shared = await app.inject({
        method: 'GET',
        url: `/api/diagrams/shared/${world.shareToken}`,
      });
      expect(shared.statusCode).toBe(200);
      expect(shared.body).not.toContain('"comments"');
    });

    it('lets only the author edit or delete a comment', async () => {
      await clear();
      const mine = (await post('viewer', { body: 'mine', line: 2 })).json<Comment>();
      const path = `${url()}/${mine.id}`;
      for (const actor of ['owner', 'editor'] as const) {
        const edit = await call(actor, { method: 'PATCH', url: path, payload: { body: 'theirs' } });
        expect(edit.statusCode).toBe(403);
        expect(edit.json()).toEqual({ error: AUTHOR_ONLY });
        expect((await call(actor, { method: 'DELETE', url: path })).statusCode).toBe(403);
      }
      expect((await call('stranger', { method: 'DELETE', url: path })).statusCode).toBe(404);
      const edited = await call('viewer', {
        method: 'PATCH',
        url: path,
        payload: { body: '  edited  ' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<Comment>().body).toBe('edited');
      expect((await call('viewer', { method: 'DELETE', url: path })).statusCode).toBe(204);
      expect(await list()).toEqual([]);
      expect((await call('viewer', { method: 'DELETE', url: path })).statusCode).toBe(404);
    });

    it('lets the owner and editors resolve and reopen a thread, not viewers', async () => {
      await clear();
      const thread = (await post('viewer', { body: 'async?', line: 2 })).json<Comment>();
      const path = `${url()}/${thread.id}`;
      const viewer = await call('viewer', {
        method: 'PATCH',
        url: path,
        payload: { resolved: true },
      });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toEqual({ error: RESOLVE_REFUSED });
      const resolved = await call('editor', {
        method: 'PATCH',
        url: path,
        payload: { resolved: true },
      });
      expect(resolved.json<Comment>().resolved).toBe(true);
      expect((await list())[0]?.resolved).toBe(true);
      const reopened = await call('owner', {
        method: 'PATCH',
        url: path,
        payload: { resolved: false },
      });
      expect(reopened.json<Comment>().resolved).toBe(false);
    });
  });

  describe('threads', () => {
    it('keeps replies inside their thread, with its line', async () => {
      await clear();
      const thread = (await post('owner', { body: 'who retries here?', line: 3 })).json<Comment>();
      const reply = await post('editor', { body: 'the client', parentId: thread.id });
      expect(reply.statusCode).toBe(201);
      expect(reply.json<Comment>()).toMatchObject({ parentId: thread.id, line: 3 });
      // A reply to a reply joins the thread.
      const again = await post('viewer', { body: 'agreed', parentId: reply.json<Comment>().id });
      expect(again.json<Comment>().parentId).toBe(thread.id);
      const [only, ...rest] = await list('viewer');
      expect(rest).toEqual([]);
      expect(only?.replies.map((r) => r.body)).toEqual(['the client', 'agreed']);
      const resolveReply = await call('owner', {
        method: 'PATCH',
        url: `${url()}/${reply.json<Comment>().id}`,
        payload: { resolved: true },
      });
      expect(resolveReply.statusCode).toBe(400);
      expect(resolveReply.json()).toEqual({ error: REPLY_TO_THREAD });
      // Deleting the thread's first comment takes its replies along.
      expect(
        (await call('owner', { method: 'DELETE', url: `${url()}/${thread.id}` })).statusCode,
      ).toBe(204);
      expect(await list()).toEqual([]);
    });

    it('refuses a reply to a comment of another diagram', async () => {
      const other = await call('owner', {
        method: 'POST',
        url: url(world.publicDiagramId),
        payload: { body: 'elsewhere', line: 2 },
      });
      const reply = await post('owner', { body: 'x', parentId: other.json<Comment>().id });
      expect(reply.statusCode).toBe(404);
    });
  });

  describe('bounds', () => {
    it('takes only the line of a statement', async () => {
      for (const line of [1, 5, 99]) {
        const refused = await post('owner', { body: 'x', line });
        expect(refused.statusCode, `line ${line}`).toBe(400);
        expect(refused.json()).toEqual({ error: NOT_A_STATEMENT });
      }
      for (const payload of [
        { body: 'x', line: 0 },
        { body: 'x', line: 'two' },
        { body: 'x' },
        { body: 'x', line: 2, parentId: 1 },
        { line: 2 },
        { body: 'x', line: 2, extra: true },
      ]) {
        expect((await post('owner', payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
    });

    it('takes a plain-text body of 1 to 5,000 characters, trimmed', async () => {
      await clear();
      expect((await post('owner', { body: '   ', line: 2 })).statusCode).toBe(400);
      const long = await post('owner', { body: 'x'.repeat(COMMENT_BODY_MAX + 1), line: 2 });
      expect(long.statusCode).toBe(400);
      expect(long.json<{ error: string }>().error).toMatch(/5,000/);
      const longest = await post('owner', { body: ` ${'x'.repeat(COMMENT_BODY_MAX)} `, line: 2 });
      expect(longest.statusCode).toBe(201);
      expect(longest.json<Comment>().body).toHaveLength(COMMENT_BODY_MAX);
      const html = await post('owner', { body: '<img src=x onerror=alert(1)>', line: 2 });
      expect(html.json<Comment>().body).toBe('<img src=x onerror=alert(1)>');
    });

    it(`refuses the comment past ${COMMENTS_PER_DIAGRAM_MAX} on a diagram`, async () => {
      await clear();
      const [author] = await database.db.select({ id: comments.authorId }).from(comments).limit(1);
      await database.db.insert(comments).values(
        Array.from({ length: COMMENTS_PER_DIAGRAM_MAX }, (_, i) => ({
          diagramId: world.diagramId,
          authorId: author?.id ?? null,
          body: `c${i}`,
          line: 2,
          lineText: 'Alice->>Bob: one',
        })),
      );
      const refused = await post('editor', { body: 'one more', line: 2 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ error: TOO_MANY_COMMENTS });
      await clear();
      expect((await post('editor', { body: 'room again', line: 2 })).statusCode).toBe(201);
    });
  });

  describe('anchors', () => {
    it('follow the statement through saves, and become outdated when it is deleted', async () => {
      await clear();
      await setText(TEXT.join('\n'));
      const thread = (await post('owner', { body: 'on two', line: 3 })).json<Comment>();
      await setText(
        [TEXT[0], '  participant Alice', '  Dan->>Eve: new', ...TEXT.slice(1)].join('\n'),
      );
      expect((await list())[0]?.line).toBe(5);
      await setText(TEXT.join('\n').replace('Bob->>Carol: two', 'Bob-)Carol: two'));
      expect((await list())[0]?.line).toBe(3);
      await setText(TEXT.filter((line) => !line.includes('two')).join('\n'));
      const [outdated] = await list();
      expect(outdated).toMatchObject({ id: thread.id, line: null });
      // Outdated stays outdated, even when a like line comes back.
      await setText(TEXT.join('\n'));
      expect((await list())[0]?.line).toBeNull();
    });

    it('follow a restore of an older version', async () => {
      await clear();
      await setText(TEXT.join('\n'));
      const versions = await call('owner', {
        method: 'GET',
        url: `/api/diagrams/${world.diagramId}/versions`,
      });
      const [newest] = versions.json<{ id: number }[]>();
      await setText(['sequenceDiagram', '  Zed->>Bob: zero', ...TEXT.slice(1)].join('\n'));
      await post('owner', { body: 'on three', line: 4 });
      const restored = await call('owner', {
        method: 'POST',
        url: `/api/diagrams/${world.diagramId}/versions/${newest!.id}/restore`,
      });
      expect(restored.statusCode).toBe(200);
      expect((await list())[0]?.line).toBe(3);
    });
  });

  describe('the trash', () => {
    it('keeps comments through the trash and restore, and a permanent delete removes them', async () => {
      const owner = await signInLocally(app, `trash-${Date.now()}@example.test`, 'Trasher');
      const created = await app.inject({
        method: 'POST',
        url: '/api/diagrams',
        headers: { cookie: owner },
        payload: { title: 'T', content: TEXT.join('\n') },
      });
      const id = created.json<{ id: number }>().id;
      const path = `/api/diagrams/${id}/comments`;
      const added = await app.inject({
        method: 'POST',
        url: path,
        headers: { cookie: owner },
        payload: { body: 'keep me', line: 2 },
      });
      expect(added.statusCode).toBe(201);
      const remove = await app.inject({
        method: 'DELETE',
        url: `/api/diagrams/${id}`,
        headers: { cookie: owner },
      });
      expect(remove.statusCode).toBe(204);
      expect(
        (await app.inject({ method: 'GET', url: path, headers: { cookie: owner } })).statusCode,
      ).toBe(404);
      await app.inject({
        method: 'POST',
        url: `/api/trash/${id}/restore`,
        headers: { cookie: owner },
      });
      const back = await app.inject({ method: 'GET', url: path, headers: { cookie: owner } });
      expect(back.json<CommentThread[]>().map((thread) => thread.body)).toEqual(['keep me']);
      await app.inject({
        method: 'DELETE',
        url: `/api/diagrams/${id}`,
        headers: { cookie: owner },
      });
      const purge = await app.inject({
        method: 'DELETE',
        url: `/api/trash/${id}`,
        headers: { cookie: owner },
      });
      expect(purge.statusCode).toBe(204);
      const left = await database.db.select().from(comments).where(eq(comments.diagramId, id));
      expect(left).toEqual([]);
    });
  });

  describe('mentions', () => {
    it('records @name of a collaborator, listed for them alone', async () => {
      await clear();
      const tag = world.secret.replace('secret-', '');
      await post('owner', { body: `@editor-${tag} should this be async?`, line: 2 });
      await post('owner', { body: `@stranger-${tag} is no collaborator`, line: 2 });
      const mentions = await call('editor', { method: 'GET', url: '/api/mentions' });
      expect(mentions.statusCode).toBe(200);
      const [mention, ...rest] = mentions.json<Mention[]>();
      expect(rest).toEqual([]);
      expect(mention).toMatchObject({
        body: `@editor-${tag} should this be async?`,
        diagramId: world.diagramId,
        diagramTitle: `Title ${world.secret}`,
        line: 2,
      });
      const strangers = await call('stranger', { method: 'GET', url: '/api/mentions' });
      expect(strangers.json()).toEqual([]);
      expect((await call('anonymous', { method: 'GET', url: '/api/mentions' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('/api/v1 and MCP', () => {
    const v1 = (id = world.diagramId) => `/api/v1/diagrams/${id}/comments`;

    it('lists, adds, resolves and deletes with a token; a read-only token only lists', async () => {
      await clear();
      const added = await call('ownerToken', {
        method: 'POST',
        url: v1(),
        payload: { body: 'api', line: 2 },
      });
      expect(added.statusCode).toBe(201);
      const id = added.json<Comment>().id;
      const listed = await call('ownerToken', { method: 'GET', url: v1() });
      expect(listed.json<CommentThread[]>().map((thread) => thread.body)).toEqual(['api']);
      const resolved = await call('ownerToken', {
        method: 'PATCH',
        url: `${v1()}/${id}`,
        payload: { resolved: true },
      });
      expect(resolved.json<Comment>().resolved).toBe(true);
      expect((await call('strangerToken', { method: 'GET', url: v1() })).statusCode).toBe(404);
      expect((await call('owner', { method: 'GET', url: v1() })).statusCode).toBe(401);

      const reader = await signInLocally(app, `reader-${Date.now()}@example.test`, 'Reader');
      const regenerated = await app.inject({
        method: 'POST',
        url: '/api/user/regenerate-api-token',
        headers: { cookie: reader },
        payload: { scope: 'read' },
      });
      const readToken = {
        authorization: `Bearer ${regenerated.json<{ apiToken: string }>().apiToken}`,
      };
      const refused = await app.inject({
        method: 'POST',
        url: v1(),
        headers: readToken,
        payload: { body: 'x', line: 2 },
      });
      expect(refused.statusCode).toBe(403);
      expect(
        (await call('ownerToken', { method: 'DELETE', url: `${v1()}/${id}` })).statusCode,
      ).toBe(204);
    });

    const mcp = async (name: string, args: Record<string, unknown>) => {
      const response = await call('ownerToken', {
        method: 'POST',
        url: '/mcp',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      expect(response.statusCode).toBe(200);
      const { result } = response.json<{
        result: { isError?: boolean; content: { type: string; text: string }[] };
      }>();
      return { isError: result.isError === true, text: result.content[0]?.text ?? '' };
    };

    it('offers list_comments, add_comment and resolve_comment as MCP tools', async () => {
      await clear();
      const added = await mcp('add_comment', { id: world.diagramId, body: 'from a tool', line: 3 });
      expect(added.isError).toBe(false);
      const comment = JSON.parse(added.text) as Comment;
      expect(comment).toMatchObject({ body: 'from a tool', line: 3, resolved: false });
      const reply = await mcp('add_comment', {
        id: world.diagramId,
        body: 'a reply',
        parentId: comment.id,
      });
      expect(JSON.parse(reply.text)).toMatchObject({ parentId: comment.id });
      const resolved = await mcp('resolve_comment', { id: world.diagramId, commentId: comment.id });
      expect(JSON.parse(resolved.text)).toMatchObject({ id: comment.id, resolved: true });
      const listed = JSON.parse(
        (await mcp('list_comments', { id: world.diagramId })).text,
      ) as CommentThread[];
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ resolved: true, replies: [{ body: 'a reply' }] });
      const neither = await mcp('add_comment', { id: world.diagramId, body: 'where?' });
      expect(neither.isError).toBe(true);
      const notStatement = await mcp('add_comment', { id: world.diagramId, body: 'x', line: 1 });
      expect(notStatement).toEqual({ isError: true, text: NOT_A_STATEMENT });
      const elsewhere = await mcp('list_comments', { id: 999_999 });
      expect(elsewhere.isError).toBe(true);
    });
  });
});

describeEach(testDatabases, 'the comment write limit on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits: { commentWritesPerMinute: 3 } });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 429 past the writes a user may make in a minute; reads go on', async () => {
    const cookie = await signInLocally(app, `limit-${Date.now()}@example.test`);
    const created = await app.inject({
      method: 'POST',
      url: '/api/diagrams',
      headers: { cookie },
      payload: { title: 'L', content: TEXT.join('\n') },
    });
    const path = `/api/diagrams/${created.json<{ id: number }>().id}/comments`;
    const add = () =>
      app.inject({
        method: 'POST',
        url: path,
        headers: { cookie },
        payload: { body: 'x', line: 2 },
      });
    for (let i = 0; i < 3; i++) expect((await add()).statusCode).toBe(201);
    const limited = await add();
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ error: string }>().error).toMatch(/^Too many requests/);
    expect((await app.inject({ method: 'GET', url: path, headers: { cookie } })).statusCode).toBe(
      200,
    );
  });
});
