/**
 * The live-route attacks against a real server process: for each, the slowest /healthz while it
 * runs beside the same figure with no attack (goal: under 500 ms). Run: npm run bench:live-attacks
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diagramDocName } from '../../src/shared/live.js';
import { startAppProcess } from '../../test/support/app-process.js';
import { createDiagramAt, signInAt } from '../../test/support/http-sign-in.js';
import {
  concurrentItems,
  junkRoot,
  metaEntry,
  updateFrame,
} from '../../test/support/live-attacks.js';
import { connectLive, type LiveClient } from '../../test/support/live-client.js';
import { frame, openRawWebSocket } from '../../test/support/raw-websocket.js';

/** How long /healthz is watched at least (the attack may end sooner). */
const WATCH_MS = 5_000;

async function slowestHealthz(base: string, during: Promise<unknown>): Promise<number> {
  let slowest = 0;
  let done = false;
  void during.catch(() => undefined).finally(() => (done = true));
  const until = Date.now() + WATCH_MS;
  while (!done || Date.now() < until) {
    const start = performance.now();
    await fetch(`${base}/healthz`).catch(() => undefined);
    slowest = Math.max(slowest, performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return slowest;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDir = mkdtempSync(join(tmpdir(), 'lifeline-bench-attacks-'));
const app = await startAppProcess({
  env: { DATA_DIR: dataDir, APP_SECRET: 'bench-live-attacks-0123456789abcdef' },
});
const clients: LiveClient[] = [];
try {
  const cookie = await signInAt(app.url, 'bench@example.test', 'Ada');
  const open = async () => {
    const { id } = await createDiagramAt(app.url, cookie, {
      title: 'Bench',
      content: 'graph TD\n',
    });
    const client = connectLive(app.url, diagramDocName(id), { cookie });
    clients.push(client);
    await client.synced;
    return { client, name: diagramDocName(id) };
  };
  const idle = await slowestHealthz(app.url, Promise.resolve());
  const attacks: [string, () => Promise<void>][] = [
    [
      '20 invalid UTF-8 / oversized frames',
      async () => {
        for (let i = 0; i < 20; i++) {
          const socket = await openRawWebSocket(app.url);
          const utf8 = i % 2 === 1;
          socket.write(
            frame({
              opcode: utf8 ? 0x1 : 0x2,
              payload: new Uint8Array([0xc3, 0x28]),
              length: utf8 ? 2 : 2 * 1024 * 1024 + 1,
            }),
          );
          await socket.closed;
          socket.destroy();
        }
      },
    ],
    [
      '2 × 5,000 concurrent items (own client ids)',
      async () => {
        const { client, name } = await open();
        client.sendRaw(updateFrame(name, concurrentItems(5000, 1000)));
        client.sendRaw(updateFrame(name, concurrentItems(5000, 1_000_000)));
      },
    ],
    [
      '8 × 1 MB outside the document shape',
      async () => {
        const { client, name } = await open();
        for (let i = 0; i < 4; i++) {
          client.sendRaw(updateFrame(name, junkRoot(1024 * 1024, `junk${i}`)));
          client.sendRaw(updateFrame(name, metaEntry(`k${i}`, 'j'.repeat(1024 * 1024))));
        }
      },
    ],
    [
      '450 saves in 5 s on one socket',
      async () => {
        const { client } = await open();
        for (let i = 0; i < 450; i++) {
          client.provider.sendStateless(JSON.stringify({ type: 'save' }));
          await pause(11);
        }
      },
    ],
    [
      '4 sockets of one user, one character each',
      async () => {
        const { name } = await open();
        const sockets = Array.from({ length: 4 }, () => connectLive(app.url, name, { cookie }));
        clients.push(...sockets);
        await Promise.all(sockets.map((socket) => socket.synced));
        for (let i = 0; i < 400; i++) {
          for (const socket of sockets) socket.text.insert(0, 'x');
          await pause(10);
        }
      },
    ],
  ];
  const rows: [string, number][] = [];
  for (const [label, attack] of attacks)
    rows.push([label, await slowestHealthz(app.url, attack())]);
  console.log(`slowest /healthz, no attack: ${idle.toFixed(0)} ms (goal under attack: < 500 ms)`);
  for (const [label, ms] of rows) {
    console.log(
      `${label.padEnd(46)} ${ms.toFixed(0).padStart(6)} ms   (no attack ${idle.toFixed(0)} ms)`,
    );
  }
} finally {
  for (const client of clients) client.destroy();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
