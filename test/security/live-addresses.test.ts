/**
 * Frames counted where they come from: a signed-out socket's by its client's address (the one
 * X-Forwarded-For names when TRUST_PROXY is on), so one visitor behind a proxy cannot spend
 * everyone's budget; and bytes per user, so a few huge edits cannot bury the server. Real
 * server process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diagramDocName, shareDocName } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { authAnswer, authFrame, syncStep1Frame } from '../support/live-attacks.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { binaryFrames, openRawWebSocket, type RawWebSocket } from '../support/raw-websocket.js';

const app = useAppProcess('live-addresses', {
  APP_SECRET: 'live-addresses-secret-0123456789abcdef',
  TRUST_PROXY: 'true',
  // 50 frames per user (or signed-out address) in the 5 s window.
  LIVE_USER_MESSAGES_PER_SECOND: '10',
  // About 2 MB per user in the 20 s window.
  LIVE_USER_BYTES_PER_SECOND: '100000',
});
let cookie: string;
const clients: LiveClient[] = [];
const sockets: RawWebSocket[] = [];

const raw = async (headers: Record<string, string> = {}) => {
  const socket = await openRawWebSocket(app.url, headers);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  cookie = await signInAt(app.url, 'owner@example.test', 'Owner');
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const socket of sockets.splice(0)) socket.destroy();
});

it("counts signed-out sockets by the proxy's X-Forwarded-For address", async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Shared', content: 'graph TD\n' });
  const shared = await fetch(`${app.url}/api/diagrams/${id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ isPublic: true }),
  });
  const name = shareDocName(((await shared.json()) as { shareToken: string }).shareToken);
  const visitor = await raw({ 'x-forwarded-for': '203.0.113.2' });
  visitor.write(binaryFrames([authFrame(name)]));
  await until(() => visitor.messages.some((m) => authAnswer(m) === 'authenticated'), 'visitor in');
  let visitorClosed = false;
  void visitor.closed.then(() => (visitorClosed = true));
  // Another visitor behind the same proxy spends its own address's 50 frames and more.
  const flooder = await raw({ 'x-forwarded-for': '203.0.113.1' });
  flooder.write(binaryFrames([authFrame(name)]));
  flooder.write(binaryFrames(Array.from({ length: 80 }, () => syncStep1Frame(name))));
  await flooder.closed;
  // The first visitor is still served.
  const seen = visitor.messages.length;
  visitor.write(binaryFrames([syncStep1Frame(name)]));
  await until(() => visitor.messages.length > seen || visitorClosed, 'an answer');
  expect(visitorClosed).toBe(false);
}, 60_000);

it("applies a user's edits only up to their bytes per second", async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Bulk', content: '' });
  const writer = await signInAt(app.url, 'writer@example.test', 'Writer');
  const invited = await fetch(`${app.url}/api/diagrams/${id}/collaborators`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'writer@example.test', role: 'editor' }),
  });
  expect(invited.status).toBeLessThan(300);
  const observer = connectLive(app.url, diagramDocName(id), { cookie });
  clients.push(observer);
  await observer.synced;
  let large = 0;
  observer.doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin !== null && update.byteLength > 100_000) large++;
  });
  const bulk = connectLive(app.url, diagramDocName(id), { cookie: writer });
  clients.push(bulk);
  await bulk.synced;
  // "Delete all, insert 500 KB", twelve times at once: 6 MB against about 2 MB.
  for (let i = 0; i < 12; i++) {
    bulk.doc.transact(() => {
      bulk.text.delete(0, bulk.text.length);
      bulk.text.insert(0, `${i}`.padEnd(500_000, 'z'));
    });
  }
  await until(() => bulk.closed, "the writer's socket closed", 30_000);
  // Updates of one document are handled in turn: once the observer's edit is acknowledged,
  // every earlier one that was going to be applied is, and was sent to it.
  observer.text.insert(0, 'p');
  await until(() => !observer.provider.hasUnsyncedChanges, 'the probe acknowledged', 30_000);
  expect(large).toBeGreaterThan(0);
  expect(large).toBeLessThanOrEqual(5);
}, 90_000);
