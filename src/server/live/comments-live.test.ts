/**
 * Comments and live editing: every open editor of the diagram hears of a new, resolved or deleted
 * comment (`comments`), whichever API made it, and a public link's visitors never do; a comment's
 * anchor follows live edits as they are folded into the row.
 */
import { expect, it } from 'vitest';
import { diagramDocName, shareDocName } from '../../shared/live.js';
import type { Comment, CommentThread } from '../../shared/schemas.js';
import { apiTokenOf } from '../../../test/support/app.js';
import { testDatabases } from '../../../test/support/databases.js';
import { until, type LiveClient } from '../../../test/support/live-client.js';
import { useLiveWorld } from '../../../test/support/live-world.js';
import { describeEach } from '../../../test/support/needs.js';

const TEXT = 'sequenceDiagram\n  Alice->>Bob: one\n  Bob->>Carol: two\n  Carol-->>Alice: three';

const told = (client: LiveClient) =>
  client.messages.filter((message) => message.type === 'comments').length;

describeEach(testDatabases, 'comments on live documents on $name', ({ open }) => {
  const world = useLiveWorld(open);

  async function setUp(tag: string) {
    const owner = await world.signIn(`owner-${tag}@example.test`, 'Olive Owner');
    const viewer = await world.signIn(`viewer-${tag}@example.test`, 'Vic Viewer');
    const diagram = await world.createDiagram(owner, { title: 'Live comments', content: TEXT });
    await world.addCollaborator(owner, diagram.id, `viewer-${tag}@example.test`, 'viewer');
    const path = `/api/diagrams/${diagram.id}/comments`;
    const threads = async () =>
      (await world.inject({ method: 'GET', url: path }, owner)).json<CommentThread[]>();
    return { owner, viewer, diagram, path, threads };
  }

  it('tells every open editor of a new, resolved and deleted comment, and no public-link visitor', async () => {
    const { owner, viewer, diagram, path } = await setUp(`tell-${Date.now()}`);
    const shared = await world.inject(
      { method: 'PUT', url: `/api/diagrams/${diagram.id}`, payload: { isPublic: true } },
      owner,
    );
    const editors = [
      world.live(diagramDocName(diagram.id), { cookie: owner }),
      world.live(diagramDocName(diagram.id), { cookie: viewer }),
    ];
    const visitor = world.live(shareDocName(shared.json<{ shareToken: string }>().shareToken));
    await Promise.all([...editors, visitor].map((client) => client.synced));

    const added = await world.inject(
      { method: 'POST', url: path, payload: { body: 'async?', line: 3 } },
      viewer,
    );
    expect(added.statusCode).toBe(201);
    for (const client of editors) await until(() => told(client) >= 1, 'the new comment');

    const id = added.json<Comment>().id;
    await world.inject(
      { method: 'PATCH', url: `${path}/${id}`, payload: { resolved: true } },
      owner,
    );
    for (const client of editors) await until(() => told(client) >= 2, 'the resolved comment');

    // A token's call is told as well.
    const token = await apiTokenOf(world.app, viewer);
    const deleted = await world.inject({
      method: 'DELETE',
      url: `/api/v1/diagrams/${diagram.id}/comments/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(deleted.statusCode).toBe(204);
    for (const client of editors) await until(() => told(client) >= 3, 'the deleted comment');
    expect(told(visitor)).toBe(0);
  });

  it("moves a comment's anchor with live edits, and marks it outdated when its line goes", async () => {
    const { owner, diagram, path, threads } = await setUp(`anchor-${Date.now()}`);
    await world.inject(
      { method: 'POST', url: path, payload: { body: 'who retries?', line: 3 } },
      owner,
    );
    const editor = world.live(diagramDocName(diagram.id), { cookie: owner });
    await editor.synced;

    const header = 'sequenceDiagram\n';
    editor.text.insert(header.length, '  participant Dan\n');
    await expect.poll(async () => (await threads())[0]?.line, { timeout: 10_000 }).toBe(4);

    const text = editor.text.toString();
    const start = text.indexOf('  Bob->>Carol: two\n');
    editor.text.delete(start, '  Bob->>Carol: two\n'.length);
    await expect.poll(async () => (await threads())[0]?.line, { timeout: 10_000 }).toBeNull();
  });
});
