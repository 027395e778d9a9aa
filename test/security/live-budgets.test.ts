/**
 * Budgets per socket, per address and per user come before any query: an outsider naming a
 * diagram thousands of times cannot cut its editors off, thousands of document names on one
 * socket cost at most a few look-ups, and one user cannot open documents without end. Real
 * server process, raw sockets.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diagramDocName, shareDocName } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { expectNoStall, watchedHealthz } from '../support/healthz-watch.js';
import { authAnswer, authFrame } from '../support/live-attacks.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';
import { binaryFrames, openRawWebSocket, type RawWebSocket } from '../support/raw-websocket.js';

/** The server's defaults: documents per socket and per user. */
const SOCKET_DOCUMENTS = 10;
const USER_DOCUMENTS = 20;
/** How long /healthz is watched at least after an attack is sent: its work may go on after it. */
const ATTACK_WATCH_MS = 2_000;

const app = useAppProcess('live-budgets', {
  APP_SECRET: 'live-budgets-secret-0123456789abcdef',
  // 100 frames in the 5 s window: an outsider's flood alone would use the document's budget.
  LIVE_DOCUMENT_MESSAGES_PER_SECOND: '20',
});
let cookie: string;
const clients: LiveClient[] = [];
const sockets: RawWebSocket[] = [];

const raw = async (headers: Record<string, string> = {}) => {
  const socket = await openRawWebSocket(app.url, headers);
  sockets.push(socket);
  return socket;
};
const answers = (socket: RawWebSocket, kind: 'authenticated' | 'denied') =>
  socket.messages.filter((message) => authAnswer(message) === kind).length;
const diagrams = async (count: number, as: string, content = 'graph TD\n') => {
  const ids: number[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await createDiagramAt(app.url, as, { title: `D${i}`, content })).id);
  return ids;
};

beforeAll(async () => {
  cookie = await signInAt(app.url, 'owner@example.test', 'Owner');
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
  for (const socket of sockets.splice(0)) socket.destroy();
});

it("keeps a diagram's owner connected while a signed-out socket names it in a flood", async () => {
  const { id } = await createDiagramAt(app.url, cookie, { title: 'Target', content: '' });
  const owner = connectLive(app.url, diagramDocName(id), { cookie });
  clients.push(owner);
  await owner.synced;
  for (let round = 0; round < 3; round++) {
    // 150 authentication frames in one write: past the document's 100 if they counted.
    const outsider = await raw();
    outsider.write(binaryFrames(Array.from({ length: 150 }, () => authFrame(diagramDocName(id)))));
    await outsider.closed;
    owner.text.insert(owner.text.length, `${round}`);
    await until(() => !owner.provider.hasUnsyncedChanges || owner.closed, 'the edit acknowledged');
    expect(owner.closed).toBe(false);
  }
  expect(owner.text.toString()).toBe('012');
}, 60_000);

it('looks up at most a few of 3,000 share links named in one write, /healthz stays quick', async () => {
  const socket = await raw();
  const names = Array.from({ length: 3000 }, () => shareDocName(randomBytes(16).toString('hex')));
  const report = await watchedHealthz(
    app,
    () => {
      socket.write(binaryFrames(names.map((name) => authFrame(name))));
      return socket.closed;
    },
    ATTACK_WATCH_MS,
  );
  expect(answers(socket, 'denied')).toBeLessThanOrEqual(SOCKET_DOCUMENTS);
  expectNoStall(report);
}, 60_000);

it('looks up at most a few of 3,000 diagrams a signed-in stranger names, /healthz stays quick', async () => {
  const stranger = await signInAt(app.url, 'stranger@example.test', 'Stranger');
  const socket = await raw({ cookie: stranger });
  const report = await watchedHealthz(
    app,
    () => {
      socket.write(
        binaryFrames(Array.from({ length: 3000 }, (_, i) => authFrame(diagramDocName(i + 1)))),
      );
      return socket.closed;
    },
    ATTACK_WATCH_MS,
  );
  expect(answers(socket, 'denied') + answers(socket, 'authenticated')).toBeLessThanOrEqual(
    SOCKET_DOCUMENTS,
  );
  expectNoStall(report);
}, 60_000);

it(`opens at most ${SOCKET_DOCUMENTS} of one's own diagrams on one socket`, async () => {
  const many = await signInAt(app.url, 'many@example.test', 'Many');
  const ids = await diagrams(SOCKET_DOCUMENTS + 5, many, `graph TD\n%% ${'x'.repeat(200_000)}\n`);
  const socket = await raw({ cookie: many });
  socket.write(binaryFrames(ids.map((id) => authFrame(diagramDocName(id)))));
  expect(await socket.closed).toBe(1008);
  expect(answers(socket, 'authenticated')).toBeLessThanOrEqual(SOCKET_DOCUMENTS);
}, 60_000);

it(`opens at most ${USER_DOCUMENTS} documents of one user over all their sockets`, async () => {
  const greedy = await signInAt(app.url, 'greedy@example.test', 'Greedy');
  const ids = await diagrams(USER_DOCUMENTS + 4, greedy);
  const opened: RawWebSocket[] = [];
  // Eight documents a socket (within its own cap), one socket after the other.
  for (let start = 0; start < ids.length; start += 8) {
    const socket = await raw({ cookie: greedy });
    opened.push(socket);
    const mine = ids.slice(start, start + 8);
    socket.write(binaryFrames(mine.map((id) => authFrame(diagramDocName(id)))));
    let closed = false;
    void socket.closed.then(() => (closed = true));
    await until(
      () => closed || socket.messages.filter((m) => authAnswer(m) !== null).length === mine.length,
      'every document answered or the socket closed',
      30_000,
    );
  }
  const total = opened.reduce((sum, socket) => sum + answers(socket, 'authenticated'), 0);
  expect(total).toBeLessThanOrEqual(USER_DOCUMENTS);
  // The first sockets' documents stay open.
  expect(answers(opened[0]!, 'authenticated')).toBe(8);
}, 90_000);
