import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Collaborator, Diagram } from '../../shared/schemas.js';
import type { Database } from '../db/client.js';
import { injectWithCookie, signInLocally, testApp } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { describeEach } from '../../../test/support/needs.js';

type Who = 'anonymous' | 'owner' | 'editor' | 'viewer' | 'stranger';

describeEach(testDatabases, 'sharing and collaborators on $name', ({ open }) => {
  let database: Database;
  let app: FastifyInstance;
  const cookies: Partial<Record<Who, string>> = {};
  let diagram: Diagram;
  let editorRow: Collaborator;

  const as = (who: Who, options: InjectOptions) => injectWithCookie(app, options, cookies[who]);
  const stored = async () =>
    (await as('owner', { method: 'GET', url: `/api/diagrams/${diagram.id}` })).json() as Diagram;

  beforeAll(async () => {
    database = await open();
    app = await testApp(database, { limits: { shareLookupsPerMinute: 40 } });
    for (const who of ['owner', 'editor', 'viewer', 'stranger'] as const) {
      cookies[who] = await signInLocally(app, `${who}@example.test`, who);
    }
    diagram = (
      await as('owner', {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: 'Team flow', content: 'sequenceDiagram\nA->>B: hi' },
      })
    ).json();
    editorRow = (
      await as('owner', {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/collaborators`,
        payload: { email: ' Editor@Example.test ', role: 'editor' },
      })
    ).json();
    await as('owner', {
      method: 'POST',
      url: `/api/diagrams/${diagram.id}/collaborators`,
      payload: { email: 'viewer@example.test', role: 'viewer' },
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('makes a diagram public with an unguessable token, and private again at once', async () => {
    const made = await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { isPublic: true },
    });
    expect(made.statusCode).toBe(200);
    const token = made.json().shareToken as string;
    expect(Buffer.from(token, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    for (const who of ['anonymous', 'stranger', 'owner'] as const) {
      const shared = await as(who, { method: 'GET', url: `/api/diagrams/shared/${token}` });
      expect(shared.statusCode, who).toBe(200);
      expect(shared.json()).toMatchObject({
        title: 'Team flow',
        content: 'sequenceDiagram\nA->>B: hi',
      });
    }

    await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { isPublic: false },
    });
    const revoked = await as('anonymous', { method: 'GET', url: `/api/diagrams/shared/${token}` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toEqual({ error: 'Diagram not found' });

    const again = await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { isPublic: true },
    });
    expect(again.json().shareToken).toBe(token);
    await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { isPublic: false },
    });
  });

  it('answers unknown, malformed and private tokens with the same 404', async () => {
    const answers = await Promise.all(
      ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'short', '..%2F..%2Fetc', `${'x'.repeat(65)}`].map((t) =>
        as('anonymous', { method: 'GET', url: `/api/diagrams/shared/${t}` }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ error: 'Diagram not found' });
    }
  });

  it('gives each role exactly its rights on the diagram', async () => {
    const expectations: Record<Who, { read: number; edit: number; share: number; del: number }> = {
      anonymous: { read: 401, edit: 401, share: 401, del: 401 },
      stranger: { read: 404, edit: 404, share: 404, del: 404 },
      viewer: { read: 200, edit: 403, share: 403, del: 403 },
      editor: { read: 200, edit: 200, share: 403, del: 403 },
      owner: { read: 200, edit: 200, share: 200, del: 0 },
    };
    for (const [who, expected] of Object.entries(expectations) as [
      Who,
      typeof expectations.owner,
    ][]) {
      const before = await stored();
      const read = await as(who, { method: 'GET', url: `/api/diagrams/${diagram.id}` });
      expect(read.statusCode, `${who} read`).toBe(expected.read);
      if (read.statusCode === 200) expect(read.json().access).toBe(who);
      const edit = await as(who, {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: `edited by ${who}`, updatedAt: before.updatedAt },
      });
      expect(edit.statusCode, `${who} edit`).toBe(expected.edit);
      const share = await as(who, {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { isPublic: !before.isPublic },
      });
      expect(share.statusCode, `${who} share`).toBe(expected.share);
      expect((await stored()).isPublic, `${who} share`).toBe(
        share.statusCode === 200 ? !before.isPublic : before.isPublic,
      );
      if (expected.del) {
        const del = await as(who, { method: 'DELETE', url: `/api/diagrams/${diagram.id}` });
        expect(del.statusCode, `${who} delete`).toBe(expected.del);
        expect((await stored()).id).toBe(diagram.id);
      }
      if (expected.edit !== 200) expect((await stored()).content).toBe(before.content);
    }
  });

  it("reports each collaborator's own role on any diagram, whatever its id", async () => {
    // Several diagrams and collaborator rows, so diagram ids and collaborator ids differ.
    for (let i = 0; i < 3; i++) {
      await as('owner', {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: `Filler ${i}`, content: 'graph TD' },
      });
    }
    const second = (
      await as('owner', {
        method: 'POST',
        url: '/api/diagrams',
        payload: { title: 'Second', content: 'graph TD' },
      })
    ).json() as Diagram;
    const url = `/api/diagrams/${second.id}/collaborators`;
    const reader = await signInLocally(app, 'reader@example.test', 'reader');
    await as('owner', {
      method: 'POST',
      url,
      payload: { email: 'reader@example.test', role: 'viewer' },
    });
    await as('owner', {
      method: 'POST',
      url,
      payload: { email: 'editor@example.test', role: 'editor' },
    });
    const asEditor = await as('editor', { method: 'GET', url: `/api/diagrams/${second.id}` });
    expect(asEditor.json().access).toBe('editor');
    const asReader = await injectWithCookie(
      app,
      { method: 'GET', url: `/api/diagrams/${second.id}` },
      reader,
    );
    expect(asReader.json().access).toBe('viewer');
    const edit = await as('editor', {
      method: 'PUT',
      url: `/api/diagrams/${second.id}`,
      payload: { content: 'graph LR' },
    });
    expect(edit.statusCode).toBe(200);
  });

  it('lets an editor save with the lost-update check', async () => {
    const seen = await stored();
    await as('owner', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { content: 'owner wins' },
    });
    const late = await as('editor', {
      method: 'PUT',
      url: `/api/diagrams/${diagram.id}`,
      payload: { content: 'editor late', updatedAt: seen.updatedAt },
    });
    expect(late.statusCode).toBe(409);
    expect((await stored()).content).toBe('owner wins');
  });

  it("lets an editor save the whole diagram with the owner's fields unchanged, never change them", async () => {
    const url = `/api/diagrams/${diagram.id}`;
    const folder = async (name: string) =>
      (await as('owner', { method: 'POST', url: '/api/folders', payload: { name } })).json() as {
        id: number;
      };
    const home = await folder('Team');
    const elsewhere = await folder('Elsewhere');
    await as('owner', { method: 'PUT', url, payload: { isPublic: false, folderId: home.id } });
    const put = (payload: Record<string, unknown>) =>
      as('editor', {
        method: 'PUT',
        url,
        payload: { id: diagram.id, title: 'Team flow', ...payload },
      });
    const forbidden = { error: 'Only the owner can share, move or delete this diagram.' };

    const same = await put({ content: 'editor, isPublic as it is', isPublic: false });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ content: 'editor, isPublic as it is', isPublic: false });

    const flip = await put({ content: 'editor sharing', isPublic: true });
    expect(flip.statusCode).toBe(403);
    expect(flip.json()).toEqual(forbidden);

    for (const folderId of [elsewhere.id, null]) {
      const move = await put({ content: 'editor moving', folderId });
      expect(move.statusCode, `folderId ${folderId}`).toBe(403);
      expect(move.json()).toEqual(forbidden);
    }

    const stay = await put({ content: 'editor, same folder', folderId: home.id, isPublic: false });
    expect(stay.statusCode).toBe(200);
    expect(await stored()).toMatchObject({
      content: 'editor, same folder',
      isPublic: false,
      folderId: home.id,
    });

    // A stale save with unchanged owner's fields is a lost update, not a refusal.
    const seen = await stored();
    await as('owner', { method: 'PUT', url, payload: { content: 'owner again' } });
    const late = await put({ content: 'editor late', isPublic: false, updatedAt: seen.updatedAt });
    expect(late.statusCode).toBe(409);
    expect((await stored()).content).toBe('owner again');
    await as('owner', { method: 'PUT', url, payload: { folderId: null } });
  });

  it('lets only the owner manage collaborators', async () => {
    const matrix: Record<Who, number> = {
      anonymous: 401,
      stranger: 404,
      viewer: 403,
      editor: 403,
      owner: 200,
    };
    for (const [who, status] of Object.entries(matrix) as [Who, number][]) {
      const list = await as(who, {
        method: 'GET',
        url: `/api/diagrams/${diagram.id}/collaborators`,
      });
      expect(list.statusCode, `${who} list`).toBe(status);
      const add = await as(who, {
        method: 'POST',
        url: `/api/diagrams/${diagram.id}/collaborators`,
        payload: { email: `added-by-${who}@example.test`, role: 'viewer' },
      });
      expect(add.statusCode, `${who} add`).toBe(status === 200 ? 201 : status);
      const remove = await as(who, {
        method: 'DELETE',
        url: `/api/diagrams/${diagram.id}/collaborators/${editorRow.id}`,
      });
      if (who !== 'owner') expect(remove.statusCode, `${who} remove`).toBe(status);
    }
    const emails = (
      (
        await as('owner', { method: 'GET', url: `/api/diagrams/${diagram.id}/collaborators` })
      ).json() as Collaborator[]
    ).map((c) => c.email);
    expect(emails).not.toContain('added-by-editor@example.test');
    expect(emails).toContain('added-by-owner@example.test');
  });

  it('updates the role when the same e-mail is added twice, and validates input', async () => {
    const url = `/api/diagrams/${diagram.id}/collaborators`;
    const twice = await as('owner', {
      method: 'POST',
      url,
      payload: { email: 'viewer@EXAMPLE.test', role: 'editor' },
    });
    expect(twice.statusCode).toBe(201);
    const list = (await as('owner', { method: 'GET', url })).json() as Collaborator[];
    expect(list.filter((c) => c.email === 'viewer@example.test')).toEqual([
      expect.objectContaining({ role: 'editor' }),
    ]);
    await as('owner', {
      method: 'POST',
      url,
      payload: { email: 'viewer@example.test', role: 'viewer' },
    });

    for (const [payload, message] of [
      [{ email: 'not-an-email', role: 'viewer' }, /email must be a valid e-mail address/],
      [{ email: 'a@b.test', role: 'admin' }, /role must be viewer or editor/],
      [{ role: 'viewer' }, /email is required/],
      [{ email: 'owner@example.test', role: 'editor' }, /You own this diagram/],
    ] as const) {
      const response = await as('owner', { method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(message);
    }
    expect((await as('owner', { method: 'GET', url })).json()).toEqual(
      list.map((c) => (c.email === 'viewer@example.test' ? { ...c, role: 'viewer' } : c)),
    );
  });

  it("lists diagrams shared with the caller under 'Shared with me', and revokes at once", async () => {
    const shared = await as('viewer', { method: 'GET', url: '/api/shared-with-me' });
    expect(shared.json()).toEqual([
      expect.objectContaining({ id: diagram.id, role: 'viewer', ownerName: 'owner' }),
    ]);
    expect(shared.json()[0]).not.toHaveProperty('content');
    expect((await as('stranger', { method: 'GET', url: '/api/shared-with-me' })).json()).toEqual(
      [],
    );

    const viewerRow = (
      (
        await as('owner', { method: 'GET', url: `/api/diagrams/${diagram.id}/collaborators` })
      ).json() as Collaborator[]
    ).find((c) => c.email === 'viewer@example.test')!;
    const removed = await as('owner', {
      method: 'DELETE',
      url: `/api/diagrams/${diagram.id}/collaborators/${viewerRow.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(
      (await as('viewer', { method: 'GET', url: `/api/diagrams/${diagram.id}` })).statusCode,
    ).toBe(404);
    expect((await as('viewer', { method: 'GET', url: '/api/shared-with-me' })).json()).toEqual([]);
  });

  it('slows repeated token guessing from one address with 429 and Retry-After', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 45 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: `/api/diagrams/shared/guess${String(i).padStart(20, '0')}`,
          remoteAddress: '203.0.113.9',
        }),
      ),
    );
    const limited = guesses.filter((g) => g.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]!.headers['retry-after']).toBeDefined();
    expect(limited[0]!.json().error).toMatch(/Too many requests/);
    const otherAddress = await app.inject({
      method: 'GET',
      url: '/api/diagrams/shared/AAAAAAAAAAAAAAAAAAAAAA',
      remoteAddress: '203.0.113.10',
    });
    expect(otherAddress.statusCode).toBe(404);
  });
});
