/**
 * Presence across a reconnect, with y-protocols' own awareness on both sides and the server's
 * side doing what Hocuspocus does when a connection closes (removing that connection's states).
 */
import { describe, expect, it } from 'vitest';
import {
  applyAwarenessUpdate,
  Awareness,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from 'y-protocols/awareness';
import * as Y from 'yjs';
import { forgetPeers, renewPresence } from './liveConnection';

const person = (name: string) => {
  const awareness = new Awareness(new Y.Doc());
  awareness.setLocalState({ user: { name } });
  return awareness;
};

/** Sends every state `from` holds to `to`, as a frame on the wire would carry them. */
const send = (from: Awareness, to: Awareness, clients = [...from.getStates().keys()]) =>
  applyAwarenessUpdate(to, encodeAwarenessUpdate(from, clients), 'socket');

const names = (awareness: Awareness) =>
  [...awareness.getStates().values()]
    .map((state) => (state as { user: { name: string } }).user.name)
    .sort();

/** The server, the owner and the viewer, all connected and seeing each other. */
function connected() {
  const server = new Awareness(new Y.Doc());
  server.setLocalState(null);
  const owner = person('Olivia');
  const viewer = person('Vera');
  send(owner, server, [owner.clientID]);
  send(viewer, server, [viewer.clientID]);
  send(server, owner);
  send(server, viewer);
  expect(names(viewer)).toEqual(['Olivia', 'Vera']);
  return { server, owner, viewer };
}

type Everyone = ReturnType<typeof connected>;

/** The viewer's socket closes: each side removes what Hocuspocus and its provider remove. */
function viewerSocketCloses({ server, owner, viewer }: Everyone) {
  removeAwarenessStates(server, [viewer.clientID], null);
  // The server tells the others that the viewer left.
  send(server, owner, [viewer.clientID]);
  expect(names(owner)).toEqual(['Olivia']);
  const others = [...viewer.getStates().keys()].filter((id) => id !== viewer.clientID);
  removeAwarenessStates(viewer, others, 'connection close');
}

describe('presence after the live socket reconnects', () => {
  it("takes the others' presence from the server's first frame on the new socket", () => {
    const everyone = connected();
    viewerSocketCloses(everyone);
    forgetPeers(everyone.viewer);
    send(everyone.server, everyone.viewer);
    expect(names(everyone.viewer)).toEqual(['Olivia', 'Vera']);
  });

  it("has the server take this person's presence sent again on the new socket", () => {
    const everyone = connected();
    viewerSocketCloses(everyone);
    renewPresence(everyone.viewer);
    send(everyone.viewer, everyone.server, [everyone.viewer.clientID]);
    send(everyone.server, everyone.owner);
    expect(names(everyone.owner)).toEqual(['Olivia', 'Vera']);
  });
});
