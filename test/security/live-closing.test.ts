/**
 * A socket the server has decided to close is read no further: frames that came in the same
 * write past the socket's budget are not applied, a peer that never answers the close cannot
 * keep sending, and one that never reads cannot make the server buffer answers without end.
 * Real server process, raw sockets; the server's memory is read from /proc.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as Y from 'yjs';
import { diagramDocName, LIVE_TEXT, shareDocName } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { expectNoStall, watchedHealthz } from '../support/healthz-watch.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import {
  authAnswer,
  authFrame,
  rssMb,
  syncStep1Frame,
  updateFrame,
} from '../support/live-attacks.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { binaryFrames, openRawWebSocket, type RawWebSocket } from '../support/raw-websocket.js';

/** The server's default frames per socket in its 5 s window (100 a second). */
const SOCKET_FRAMES = 500;

const app = useAppProcess('live-closing', { APP_SECRET: 'live-closing-secret-0123456789abcdef' });
let cookie: string;
const clients: LiveClient[] = [];
const sockets: RawWebSocket[] = [];

const raw = async (headers: Record<string, string> = {}) => {
  const socket = await openRawWebSocket(app.url, headers);
  sockets.push(socket);
  return socket;
};

/** Authenticates `socket` for `name` and waits for the answer. */
async function authenticate(socket: RawWebSocket, name: string): Promise<void> {
  socket.write(binaryFrames([authFrame(name)]));
  await until(() => socket.messages.some((m) => authAnswer(m) === 'authenticated'), 'auth');
}

beforeAll(async () => {
  cookie = await signInAt(app.url, 'closer@example.test', 'Closer');
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const socket of sockets.splice(0)) socket.destroy();
});

it(`applies at most ${SOCKET_FRAMES} of 800 updates sent in one write`, async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Burst', content: '' });
  const name = diagramDocName(id);
  // 800 edits of one client, each its own update, as a provider would send them.
  const doc = new Y.Doc();
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(updateFrame(name, update)));
  for (let i = 0; i < 800; i++) doc.getText(LIVE_TEXT).insert(0, '#');
  const socket = await raw({ cookie });
  await authenticate(socket, name);
  socket.write(binaryFrames(updates));
  expect(await socket.closed).toBe(1008);
  // Updates of one document are handled in turn: once a later edit is acknowledged, every
  // earlier one that was going to be applied is.
  const probe = connectLive(app.url, name, { cookie });
  clients.push(probe);
  await probe.synced;
  probe.text.insert(0, 'p');
  await until(() => !probe.provider.hasUnsyncedChanges, 'the probe acknowledged', 60_000);
  // None was acknowledged: the socket was closed for the breach, and updates of a closing
  // socket may be dropped whole; what must never happen is more than the budget applied.
  const applied = probe.text.toString().replace('p', '').length;
  expect(applied).toBeLessThanOrEqual(SOCKET_FRAMES);
}, 60_000);

it('stops reading a closed socket whose peer keeps sending 1.5 MB frames', async () => {
  const before = rssMb(app.pid);
  const socket = await raw();
  // A frame for a document it never authenticated for: closed at once.
  const big = updateFrame('diagram:1', new Uint8Array(1_500_000));
  socket.pause(); // never reads the close, never answers it
  const report = await watchedHealthz(
    app,
    async () => {
      for (let i = 0; i < 80; i++) socket.write(binaryFrames([big]));
    },
    3_000,
  );
  expect(rssMb(app.pid) - before).toBeLessThan(60);
  expectNoStall(report);
}, 60_000);

it("answers a share link's visitor that never reads one sync step 1 at a time", async () => {
  const { id } = await createDiagramAt(app.url, cookie, {
    title: 'Large',
    content: `graph TD\n%% ${'y'.repeat(900_000)}\n`,
  });
  const shared = await fetch(`${app.url}/api/diagrams/${id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ isPublic: true }),
  });
  const { shareToken } = (await shared.json()) as { shareToken: string };
  const name = shareDocName(shareToken);
  const socket = await raw();
  await authenticate(socket, name);
  // Read while the document loads (its own stall, not this attack's): the first answer.
  socket.write(binaryFrames([syncStep1Frame(name)]));
  await until(() => socket.messages.some((m) => m.byteLength > 900_000), 'the document', 60_000);
  const before = rssMb(app.pid);
  socket.pause();
  // 300 requests for the whole 900 KB document; the visitor reads none of the answers.
  const report = await watchedHealthz(
    app,
    async () => {
      socket.write(binaryFrames(Array.from({ length: 300 }, () => syncStep1Frame(name))));
    },
    3_000,
  );
  expect(rssMb(app.pid) - before).toBeLessThan(60);
  expectNoStall(report);
}, 60_000);
