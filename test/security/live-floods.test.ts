/**
 * Floods that stay under the per-socket rate: a user's sockets together are held to their own
 * rate (one of them is closed), and a flood of explicit Saves is folded into a few stores, not
 * one version each. Real server process.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { diagramDocName } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';
import { createDiagramAt, signInAt } from '../support/http-sign-in.js';
import { connectLive, until, type LiveClient } from '../support/live-client.js';

const app = useAppProcess('live-floods', {
  APP_SECRET: 'live-floods-secret-0123456789abcdef',
  LIVE_USER_MESSAGES_PER_SECOND: '10',
});
let cookie: string;
const clients: LiveClient[] = [];
const open = async (id: number, as = cookie) => {
  const client = connectLive(app.url, diagramDocName(id), { cookie: as });
  clients.push(client);
  await client.synced;
  return client;
};

beforeAll(async () => {
  cookie = await signInAt(app.url, 'ada@example.test', 'Ada');
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.destroy();
});

it(
  "closes a socket once the user's sockets together pass the user's rate",
  { timeout: 60_000 },
  async () => {
    const { id } = await createDiagramAt(app.url, cookie, { title: 'Flood', content: '' });
    const sockets = await Promise.all([open(id), open(id), open(id), open(id)]);
    // 4 × 20 frames in a moment: under the per-socket rate, past 10 a second over 5 s together.
    for (let i = 0; i < 20; i++) for (const socket of sockets) socket.text.insert(0, 'f');
    await until(() => sockets.some((socket) => socket.closed), 'a socket closed', 30_000);
    expect((await fetch(`${app.url}/healthz`)).ok).toBe(true);
  },
);

it('folds a flood of Saves into a few stores', { timeout: 60_000 }, async () => {
  // Another user: 10 frames a second allow 50 in the window.
  const grace = await signInAt(app.url, 'grace@example.test', 'Grace');
  const { id } = await createDiagramAt(app.url, grace, { title: 'Saves', content: 'x\n' });
  const saver = await open(id, grace);
  for (let i = 0; i < 40; i++) saver.provider.sendStateless(JSON.stringify({ type: 'save' }));
  await until(() => saver.messages.some((m) => m.type === 'saved'), 'saved');
  // Any store still under way has settled once a Save sent after the flood is answered.
  const answered = saver.messages.length;
  saver.provider.sendStateless(JSON.stringify({ type: 'save' }));
  await until(() => saver.messages.slice(answered).some((m) => m.type === 'saved'), 'last save');
  // Far fewer versions than Saves.
  const versions = async () =>
    (
      (await (
        await fetch(`${app.url}/api/diagrams/${id}/versions`, { headers: { cookie: grace } })
      ).json()) as { kind: string }[]
    ).filter((v) => v.kind === 'manual').length;
  expect(await versions()).toBeLessThanOrEqual(4);
});
