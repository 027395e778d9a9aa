/**
 * Presence is the server's to vouch for: over a real listening app with real WebSocket clients,
 * a client claiming another user's id, name or role is shown as itself, and an awareness state
 * too large, of the wrong shape or for someone else's client id closes the sender's connection
 * and reaches no one.
 */
import * as encoding from 'lib0/encoding';
import { beforeAll, expect, it } from 'vitest';
import { AWARENESS_STATE_MAX, diagramDocName, LIVE_TEXT } from '../../shared/live.js';
import { testDatabases } from '../../../test/support/databases.js';
import { useLiveWorld } from '../../../test/support/live-world.js';
import { until, type LiveClient } from '../../../test/support/live-client.js';
import { describeEach } from '../../../test/support/needs.js';

type Presence = { user?: { id: unknown; name: unknown; role: unknown; color: unknown } };

describeEach(testDatabases, 'live presence on $name', ({ open }) => {
  const world = useLiveWorld(open);
  let owner: string;
  let editor: string;
  let ownerId: number;
  let editorId: number;
  let name: string;
  const live = (cookie: string) => world.live(name, { cookie });
  const userOf = async (cookie: string) =>
    (
      (await world.inject({ method: 'GET', url: '/api/user' }, cookie)).json() as {
        id: number;
      }
    ).id;
  /** What `watcher` sees of `client`'s presence. */
  const seen = (watcher: LiveClient, client: LiveClient) =>
    watcher.provider.awareness?.getStates().get(client.doc.clientID) as Presence | undefined;
  const user = (id: number | string, who: string, role: string) => ({
    id,
    name: who,
    role,
    color: '#1c7ed6',
    colorLight: '#1c7ed633',
  });

  /** An awareness frame for `clientId` carrying `state` (JSON text as given). */
  const awarenessFrame = (clientId: number, state: string) => {
    const update = encoding.createEncoder();
    encoding.writeVarUint(update, 1);
    encoding.writeVarUint(update, clientId);
    encoding.writeVarUint(update, 1_000_000);
    encoding.writeVarString(update, state);
    const frame = encoding.createEncoder();
    encoding.writeVarString(frame, name);
    encoding.writeVarUint(frame, 1);
    encoding.writeVarUint8Array(frame, encoding.toUint8Array(update));
    return encoding.toUint8Array(frame);
  };

  beforeAll(async () => {
    owner = await world.signIn('ada@example.test', 'Ada');
    editor = await world.signIn('bob@example.test', 'Bob');
    ownerId = await userOf(owner);
    editorId = await userOf(editor);
    const diagram = await world.createDiagram(owner, { title: 'T', content: 'x\n' });
    name = diagramDocName(diagram.id);
    await world.addCollaborator(owner, diagram.id, 'bob@example.test', 'editor');
  });

  it("shows a client as its session's user whatever id, name and role it claims", async () => {
    const ada = live(owner);
    const bob = live(editor);
    await Promise.all([ada.synced, bob.synced]);
    ada.provider.setAwarenessField('user', user(ownerId, 'Ada', 'owner'));
    bob.provider.setAwarenessField('user', user(ownerId, 'Ada', 'owner'));
    await until(() => seen(ada, bob)?.user !== undefined, "Bob's presence at Ada's");
    expect(seen(ada, bob)?.user).toMatchObject({ id: editorId, name: 'Bob', role: 'editor' });
    expect(seen(bob, ada)?.user).toMatchObject({ id: ownerId, name: 'Ada', role: 'owner' });
    // A later claim is overwritten as well, and an honest colour change goes through.
    bob.provider.setAwarenessField('user', {
      ...user('admin', 'Admin', 'owner'),
      color: '#2b8a3e',
    });
    await until(() => seen(ada, bob)?.user?.color === '#2b8a3e', 'the new colour');
    expect(seen(ada, bob)?.user).toMatchObject({ id: editorId, name: 'Bob', role: 'editor' });
    expect(bob.closed).toBe(false);
  });

  it('closes a connection whose presence is too large, malformed or not its own', async () => {
    const ada = live(owner);
    const watcher = live(owner);
    await Promise.all([ada.synced, watcher.synced]);
    ada.provider.setAwarenessField('user', user(ownerId, 'Ada', 'owner'));
    await until(() => seen(watcher, ada)?.user !== undefined, "Ada's presence");
    const fine = JSON.stringify({ user: user(editorId, 'Bob', 'editor') });
    // A cursor as y-codemirror.next sends it (a Y.RelativePosition's JSON).
    const textStart = { type: null, tname: LIVE_TEXT, item: null, assoc: 0 };
    const cases = {
      'too large': JSON.stringify({
        user: user(editorId, 'x'.repeat(AWARENESS_STATE_MAX), 'editor'),
      }),
      'not JSON': '{"user":',
      'a script instead of a colour': JSON.stringify({
        user: { ...user(editorId, 'Bob', 'editor'), color: 'red;background:url(x)' },
      }),
      'an unknown field': JSON.stringify({ user: user(editorId, 'Bob', 'editor'), html: '<b>' }),
      "another client's id": fine,
      // Read by every other editor as a Yjs position: one without its fields breaks their cursors.
      'a cursor end without a position': JSON.stringify({
        user: user(editorId, 'Bob', 'editor'),
        cursor: { anchor: textStart, head: {} },
      }),
      'a cursor in another root type (Yjs would create it)': JSON.stringify({
        cursor: { anchor: textStart, head: { ...textStart, tname: 'junk' } },
      }),
    };
    for (const [what, state] of Object.entries(cases)) {
      const bob = live(editor);
      await bob.synced;
      const clientId = what === "another client's id" ? ada.doc.clientID : bob.doc.clientID;
      bob.sendRaw(awarenessFrame(clientId, state));
      await until(() => bob.closed, `closed for ${what}`);
      expect(seen(watcher, bob), what).toBeUndefined();
      expect(seen(watcher, ada)?.user, what).toMatchObject({ id: ownerId, name: 'Ada' });
      bob.destroy();
    }
    // Removing a live peer's presence is speaking for them as well.
    const remover = live(editor);
    await remover.synced;
    remover.sendRaw(awarenessFrame(ada.doc.clientID, 'null'));
    await until(() => remover.closed, 'closed for removing a live peer');
    expect(seen(watcher, ada)?.user).toMatchObject({ id: ownerId, name: 'Ada' });
    remover.destroy();

    // A well-formed state of one's own goes through.
    const bob = live(editor);
    await bob.synced;
    const withCursor = JSON.stringify({
      user: user(editorId, 'Bob', 'editor'),
      cursor: { anchor: textStart, head: textStart },
    });
    bob.sendRaw(awarenessFrame(bob.doc.clientID, withCursor));
    await until(() => seen(watcher, bob)?.user?.name === 'Bob', "Bob's own presence");
    expect(bob.closed).toBe(false);
  });

  it('lets through the removal of a presence no one holds, without taking that client id', async () => {
    // A client back on a server started again replays the removals it made when its socket
    // closed: they change nothing and must not cost it its connection.
    const watcher = live(owner);
    const bob = live(editor);
    await Promise.all([watcher.synced, bob.synced]);
    const gone = (bob.doc.clientID + 1) % 2 ** 30;
    bob.sendRaw(awarenessFrame(gone, 'null'));
    bob.sendRaw(awarenessFrame(bob.doc.clientID, JSON.stringify({ user: user(1, 'B', 'editor') })));
    await until(() => seen(watcher, bob)?.user?.name === 'Bob', "Bob's own presence");
    expect(bob.closed).toBe(false);
  });
});
