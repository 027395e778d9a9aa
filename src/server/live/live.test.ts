/**
 * Live co-editing against a real listening app on PGlite, with real WebSocket clients: access by
 * role, refusals, convergence and what reaches the database.
 */
import { beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import * as encoding from 'lib0/encoding';
import WebSocket from 'ws';
import { diagramDocName, shareDocName } from '../../shared/live.js';
import { CONTENT_MAX, type Diagram } from '../../shared/schemas.js';
import { testDatabases } from '../../../test/support/databases.js';
import { useLiveWorld } from '../../../test/support/live-world.js';
import { liveUrl, until, type LiveClient } from '../../../test/support/live-client.js';
import { describeEach } from '../../../test/support/needs.js';

describeEach(testDatabases, 'live co-editing on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let owner: string;
  let editor: string;
  let viewer: string;
  let stranger: string;
  let diagram: Diagram;
  const live = world.live;
  const stored = async () =>
    (
      await world.inject({ method: 'GET', url: `/api/diagrams/${diagram.id}` }, owner)
    ).json() as Diagram;

  beforeAll(async () => {
    owner = await world.signIn('owner@example.test');
    editor = await world.signIn('editor@example.test');
    viewer = await world.signIn('viewer@example.test');
    stranger = await world.signIn('stranger@example.test');
    diagram = await world.createDiagram(owner, {
      title: 'Checkout',
      content: 'sequenceDiagram\n',
    });
    await world.addCollaborator(owner, diagram.id, 'editor@example.test', 'editor');
    await world.addCollaborator(owner, diagram.id, 'viewer@example.test', 'viewer');
  });

  it('merges two editors typing at once and writes the result to the diagram', async () => {
    const a = live(diagramDocName(diagram.id), { cookie: owner });
    const b = live(diagramDocName(diagram.id), { cookie: editor });
    await Promise.all([a.synced, b.synced]);
    expect(a.text.toString()).toBe('sequenceDiagram\n');
    a.text.insert(a.text.length, 'A->>B: hi\n');
    b.text.insert(0, '%% top\n');
    const both = '%% top\nsequenceDiagram\nA->>B: hi\n';
    await until(() => a.text.toString() === both && b.text.toString() === both, 'convergence');
    await until(() => a.messages.some((m) => m.type === 'saved'), 'saved');
    expect((await stored()).content).toBe(both);
  });

  it('keeps an edit sent just before an explicit Save in the version the Save records', async () => {
    const a = live(diagramDocName(diagram.id), { cookie: owner });
    await a.synced;
    const line = `%% saved at once ${Date.now()}\n`;
    a.text.insert(a.text.length, line);
    a.provider.sendStateless(JSON.stringify({ type: 'save' }));
    const savedBefore = a.messages.length;
    await until(() => a.messages.slice(savedBefore).some((m) => m.type === 'saved'), 'saved');
    const versions = (
      await world.inject({ method: 'GET', url: `/api/diagrams/${diagram.id}/versions` }, owner)
    ).json() as { id: number; kind: string }[];
    const manual = versions.find((v) => v.kind === 'manual');
    expect(manual).toBeDefined();
    const version = (
      await world.inject(
        { method: 'GET', url: `/api/diagrams/${diagram.id}/versions/${manual!.id}` },
        owner,
      )
    ).json() as { content: string };
    expect(version.content.endsWith(line)).toBe(true);
  });

  it("refuses a viewer's update and leaves the document intact", async () => {
    const owned = live(diagramDocName(diagram.id), { cookie: owner });
    const watching = live(diagramDocName(diagram.id), { cookie: viewer });
    await Promise.all([owned.synced, watching.synced]);
    const before = owned.text.toString();
    watching.text.insert(0, 'vandal ');
    await until(
      () => watching.messages.some((m) => m.type === 'refused' && m.reason === 'read-only'),
      'read-only refusal',
    );
    owned.text.insert(owned.text.length, '%% still mine\n');
    await until(() => watching.text.toString().endsWith('%% still mine\n'), 'viewer follows');
    expect(owned.text.toString()).toBe(`${before}%% still mine\n`);
  });

  it('refuses strangers, missing diagrams and clients without a session alike', async () => {
    const stranger1 = live(diagramDocName(diagram.id), { cookie: stranger });
    const missing = live(diagramDocName(999_999), { cookie: owner });
    const anonymous = live(diagramDocName(diagram.id));
    const badName = live('diagram:../../etc', { cookie: owner });
    for (const client of [stranger1, missing, anonymous, badName]) {
      await expect(client.synced).rejects.toThrow('refused: not-found');
    }
  });

  it('refuses another site and an unknown session before upgrading', async () => {
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(liveUrl(world.base), { headers });
        socket.on('unexpected-response', (_request, response) => {
          resolve(response.statusCode ?? 0);
          socket.terminate();
        });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('error', reject);
      });
    expect(await status({ cookie: owner, origin: 'https://evil.example' })).toBe(403);
    expect(await status({ cookie: 'lifeline_session=forged' })).toBe(401);
    expect(await status({ cookie: owner, origin: world.base })).toBe(101);
  });

  it('follows a shared diagram read-only through its share token', async () => {
    const shared = await world.inject(
      { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { isPublic: true } },
      owner,
    );
    const token = (shared.json() as Diagram).shareToken!;
    const owned = live(diagramDocName(diagram.id), { cookie: owner });
    const reader = live(shareDocName(token));
    await Promise.all([owned.synced, reader.synced]);
    expect(reader.text.toString()).toBe(owned.text.toString());
    owned.text.insert(owned.text.length, '%% for everyone\n');
    await until(() => reader.text.toString().endsWith('%% for everyone\n'), 'share follows');
    reader.text.insert(0, 'x');
    await until(() => reader.messages.some((m) => m.type === 'refused'), 'share refusal');
    expect(owned.text.toString().startsWith('x')).toBe(false);
    await expect(live(shareDocName('no-such-token')).synced).rejects.toThrow('refused');
  });

  it('answers GET with the live text as soon as an edit is acknowledged', async () => {
    const a = live(diagramDocName(diagram.id), { cookie: editor });
    await a.synced;
    a.text.insert(a.text.length, '%% just typed\n');
    await until(() => !a.provider.hasUnsyncedChanges, 'acknowledgement');
    expect((await stored()).content).toBe(a.text.toString());
  });

  it('applies a REST PUT as one edit open editors receive, and refuses a stale one', async () => {
    const a = live(diagramDocName(diagram.id), { cookie: editor });
    await a.synced;
    a.text.insert(0, '%% cursor here\n');
    await until(() => !a.provider.hasUnsyncedChanges, 'acknowledgement');
    const current = await stored();
    const next = current.content.replace('sequenceDiagram', 'sequenceDiagram\n  autonumber');
    const received: string[] = [];
    a.doc.on('update', (_update: Uint8Array, origin: unknown) => {
      if (origin === a.provider) received.push(a.text.toString());
    });
    const put = await world.inject(
      {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: next, title: 'Renamed', updatedAt: current.updatedAt },
      },
      owner,
    );
    expect(put.statusCode).toBe(200);
    expect((put.json() as Diagram).content).toBe(next);
    await until(() => a.text.toString() === next, 'REST edit in the editor');
    expect(received).toEqual([next]);
    expect(a.doc.getMap('meta').get('title')).toBe('Renamed');
    const stale = await world.inject(
      {
        method: 'PUT',
        url: `/api/diagrams/${diagram.id}`,
        payload: { content: 'sequenceDiagram\n', updatedAt: current.updatedAt },
      },
      owner,
    );
    expect(stale.statusCode).toBe(409);
    expect(a.text.toString()).toBe(next);
    const byViewer = await world.inject(
      { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { content: 'x' } },
      viewer,
    );
    expect(byViewer.statusCode).toBe(403);
  });

  /** A new diagram of the owner's with the given collaborators; answers it and their ids. */
  async function diagramWith(people: Record<string, 'editor' | 'viewer'>) {
    const created = (
      await world.inject(
        {
          method: 'POST',
          url: '/api/diagrams',
          payload: { title: 'T', content: 'sequenceDiagram\n' },
        },
        owner,
      )
    ).json() as Diagram;
    const ids: Record<string, number> = {};
    for (const [email, role] of Object.entries(people)) {
      const added = await world.inject(
        {
          method: 'POST',
          url: `/api/diagrams/${created.id}/collaborators`,
          payload: { email, role },
        },
        owner,
      );
      ids[email] = (added.json() as { id: number }).id;
    }
    return { created, ids };
  }
  const hasAccess = (client: LiveClient, role: string) => () =>
    client.messages.some((m) => m.type === 'access' && m.role === role);

  it('downgrades, ends and trashes open connections within 1 s of the change', async () => {
    const { created, ids } = await diagramWith({
      'editor@example.test': 'editor',
      'viewer@example.test': 'editor',
    });
    const o = live(diagramDocName(created.id), { cookie: owner });
    const e = live(diagramDocName(created.id), { cookie: editor });
    const v = live(diagramDocName(created.id), { cookie: viewer });
    await Promise.all([o.synced, e.synced, v.synced]);

    await world.inject(
      {
        method: 'POST',
        url: `/api/diagrams/${created.id}/collaborators`,
        payload: { email: 'viewer@example.test', role: 'viewer' },
      },
      owner,
    );
    await until(hasAccess(v, 'viewer'), 'downgrade notice', 1_000);
    v.text.insert(0, 'late ');
    await until(() => v.messages.some((m) => m.type === 'refused'), 'refusal after downgrade');

    const removed = await world.inject(
      {
        method: 'DELETE',
        url: `/api/diagrams/${created.id}/collaborators/${ids['editor@example.test']}`,
      },
      owner,
    );
    expect(removed.statusCode).toBe(204);
    await until(hasAccess(e, 'none'), 'removal notice', 1_000);
    e.text.insert(0, 'gone ');
    o.text.insert(o.text.length, '%% owner\n');
    await until(() => v.text.toString().endsWith('%% owner\n'), 'owner edit reaches the viewer');
    expect(o.text.toString()).toBe('sequenceDiagram\n%% owner\n');

    const trashed = await world.inject(
      { method: 'DELETE', url: `/api/diagrams/${created.id}` },
      owner,
    );
    expect(trashed.statusCode).toBe(204);
    await until(() => hasAccess(o, 'none')() && hasAccess(v, 'none')(), 'trash notice', 1_000);
  });

  it('ends the live connections of a session when it signs out', async () => {
    const { created } = await diagramWith({});
    const session = await world.signIn('owner@example.test');
    const client = live(diagramDocName(created.id), { cookie: session });
    const other = live(diagramDocName(created.id), { cookie: owner });
    await Promise.all([client.synced, other.synced]);
    const out = await world.inject({ method: 'POST', url: '/api/logout' }, session);
    expect(out.statusCode).toBe(204);
    await until(hasAccess(client, 'none'), 'sign-out notice', 1_000);
    expect(hasAccess(other, 'none')()).toBe(false);
  });

  it('refuses an edit past the content limit and keeps the document for everyone', async () => {
    const { created } = await diagramWith({ 'editor@example.test': 'editor' });
    const o = live(diagramDocName(created.id), { cookie: owner });
    const e = live(diagramDocName(created.id), { cookie: editor });
    await Promise.all([o.synced, e.synced]);
    e.text.insert(0, 'x'.repeat(CONTENT_MAX));
    await until(
      () => e.messages.some((m) => m.type === 'refused' && m.reason === 'too-large'),
      'too-large refusal',
    );
    o.text.insert(o.text.length, '%% fine\n');
    await until(() => e.text.toString().endsWith('%% fine\n'), 'later edits still flow');
    expect(o.text.toString()).toBe('sequenceDiagram\n%% fine\n');
    await until(() => o.messages.some((m) => m.type === 'saved'), 'saved');
    const row = await world.inject({ method: 'GET', url: `/api/diagrams/${created.id}` }, owner);
    expect((row.json() as Diagram).content).toBe('sequenceDiagram\n%% fine\n');
  });

  it('closes a connection that sends malformed frames and keeps the document intact', async () => {
    const { created } = await diagramWith({ 'editor@example.test': 'editor' });
    const name = diagramDocName(created.id);
    const o = live(name, { cookie: owner });
    await o.synced;
    const frame = (body: (encoder: encoding.Encoder) => void) => {
      const encoder = encoding.createEncoder();
      encoding.writeVarString(encoder, name);
      body(encoder);
      return encoding.toUint8Array(encoder);
    };
    const garbage = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 64 }), {
      numRuns: 5,
      seed: 15,
    });
    const cases = [
      // Sync, update, a payload that is no Yjs update.
      ...garbage.map((bytes) =>
        frame((encoder) => {
          encoding.writeVarUint(encoder, 0);
          encoding.writeVarUint(encoder, 2);
          encoding.writeVarUint8Array(encoder, bytes);
        }),
      ),
      // Sync with an unknown sync type; then a frame cut short.
      frame((encoder) => {
        encoding.writeVarUint(encoder, 0);
        encoding.writeVarUint(encoder, 9);
      }),
      frame((encoder) => encoding.writeVarUint(encoder, 0)),
    ];
    for (const bytes of cases) {
      const attacker = live(name, { cookie: editor });
      await attacker.synced;
      attacker.sendRaw(bytes);
      await until(() => attacker.closed, 'connection closed');
      attacker.destroy();
    }
    o.text.insert(o.text.length, '%% intact\n');
    const check = live(name, { cookie: editor });
    await check.synced;
    await until(() => check.text.toString() === 'sequenceDiagram\n%% intact\n', 'intact document');
  });
});
