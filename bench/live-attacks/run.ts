/**
 * The live-route attacks against a real server process: for each, the slowest /healthz while it
 * runs beside the same figure with no attack (goal: under 500 ms), and what else it is measured
 * by (the server's memory, whether an editor stayed online). The server trusts X-Forwarded-For,
 * so each raw-socket attacker comes from its own address and one attack's address budget does
 * not spill into the next. Run: npm run bench:live-attacks
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { diagramDocName, shareDocName } from '../../src/shared/live.js';
import { startAppProcess } from '../../test/support/app-process.js';
import { createDiagramAt, signInAt } from '../../test/support/http-sign-in.js';
import {
  authFrame,
  concurrentItems,
  junkRoot,
  metaEntry,
  rssMb,
  syncStep1Frame,
  updateFrame,
} from '../../test/support/live-attacks.js';
import { connectLive, until, type LiveClient } from '../../test/support/live-client.js';
import { binaryFrames, frame, openRawWebSocket } from '../../test/support/raw-websocket.js';

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

/**
 * The longest event-loop hold the server logged from its line `from` on (its stall watch logs
 * those over 500 ms, with the CPU time the process spent in it): what the attack cost the loop,
 * apart from how long a busy machine took to schedule the server and this process.
 */
function longestStall(from: number): string {
  let longest: { blockedMs: number; cpuMs: number; by: string | null } | null = null;
  for (const line of app.lines.slice(from)) {
    if (!line.includes('"stall"')) continue;
    try {
      const { stall } = JSON.parse(line) as {
        stall: { blockedMs: number; cpuMs: number; by: string | null };
      };
      if (!longest || stall.blockedMs > longest.blockedMs) longest = stall;
    } catch {
      // Not a log line of the server's own.
    }
  }
  return longest
    ? `${longest.blockedMs} ms (CPU ${longest.cpuMs} ms, ${longest.by ?? 'between requests'})`
    : 'none over 500 ms';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rssNote = (before: number) => `server memory +${(rssMb(app.pid) - before).toFixed(0)} MB`;
const dataDir = mkdtempSync(join(tmpdir(), 'lifeline-bench-attacks-'));
const app = await startAppProcess({
  env: {
    DATA_DIR: dataDir,
    APP_SECRET: 'bench-live-attacks-0123456789abcdef',
    TRUST_PROXY: 'true',
  },
  timeoutMs: 180_000,
});
let attacker = 0;
/** A raw socket from an address of its own (X-Forwarded-For), with `headers`. */
const rawFrom = (headers: Record<string, string> = {}) =>
  openRawWebSocket(app.url, { 'x-forwarded-for': `198.51.100.${++attacker}`, ...headers });
/** Notes shown beside an attack's figure. */
const notes = new Map<string, string>();
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
  const largeShare = async () => {
    const { id } = await createDiagramAt(app.url, cookie, {
      title: 'Large',
      content: `graph TD\n%% ${'y'.repeat(900_000)}\n`,
    });
    const shared = await fetch(`${app.url}/api/diagrams/${id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ isPublic: true }),
    });
    const token = ((await shared.json()) as { shareToken: string }).shareToken;
    const socket = await rawFrom();
    socket.write(binaryFrames([authFrame(shareDocName(token))]));
    socket.write(binaryFrames([syncStep1Frame(shareDocName(token))]));
    await until(() => socket.messages.some((m) => m.byteLength > 900_000), 'loaded', 120_000);
    return { socket, token };
  };
  const sixty = async () => {
    const many = await signInAt(app.url, 'many@example.test', 'Many');
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) {
      const content = `graph TD\n%% ${'m'.repeat(999_000)}\n`;
      ids.push((await createDiagramAt(app.url, many, { title: `M${i}`, content })).id);
    }
    return { many, ids };
  };
  /** What an attack needs made first (and loaded), so its cost is not counted as the attack's. */
  let prepared: Promise<unknown> = Promise.resolve();
  const attacks: [string, () => Promise<void>, (() => Promise<unknown>)?][] = [
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
    [
      'outsider names a diagram 2,001 × thrice, 5 s apart',
      async () => {
        const { client, name } = await open();
        let closes = 0;
        client.provider.on('close', () => closes++);
        for (let round = 0; round < 3; round++) {
          const socket = await rawFrom();
          socket.write(binaryFrames(Array.from({ length: 2001 }, () => authFrame(name))));
          await socket.closed;
          socket.destroy();
          client.text.insert(0, `${round}`);
          await pause(5_000);
        }
        notes.set('outsider names a diagram 2,001 × thrice, 5 s apart', `owner closed ${closes} ×`);
      },
    ],
    [
      '20,000 share names in one write, no cookie',
      async () => {
        const socket = await rawFrom();
        const names = Array.from({ length: 20_000 }, () =>
          shareDocName(randomBytes(16).toString('hex')),
        );
        socket.write(binaryFrames(names.map((name) => authFrame(name))));
        await socket.closed;
        socket.destroy();
      },
    ],
    [
      '20,000 diagram names, signed-in stranger',
      async () => {
        const stranger = await signInAt(app.url, 'stranger@example.test', 'Stranger');
        const socket = await rawFrom({ cookie: stranger });
        socket.write(
          binaryFrames(Array.from({ length: 20_000 }, (_, i) => authFrame(diagramDocName(i + 1)))),
        );
        await socket.closed;
        socket.destroy();
      },
    ],
    [
      '80 × 1.5 MB frames, close never answered',
      async () => {
        const before = rssMb(app.pid);
        const socket = await rawFrom();
        socket.pause();
        const big = binaryFrames([updateFrame('diagram:1', new Uint8Array(1_500_000))]);
        for (let i = 0; i < 80; i++) socket.write(big);
        await pause(3_000);
        notes.set('80 × 1.5 MB frames, close never answered', rssNote(before));
        socket.destroy();
      },
    ],
    [
      '300 sync step 1 (900 KB share), never read',
      async () => {
        const { socket, token } = (await prepared) as Awaited<ReturnType<typeof largeShare>>;
        const before = rssMb(app.pid);
        socket.pause();
        socket.write(
          binaryFrames(Array.from({ length: 300 }, () => syncStep1Frame(shareDocName(token)))),
        );
        await pause(3_000);
        notes.set('300 sync step 1 (900 KB share), never read', rssNote(before));
        socket.destroy();
      },
      largeShare,
    ],
    [
      'sixty own 1 MB diagrams on one socket',
      async () => {
        const { many, ids } = (await prepared) as Awaited<ReturnType<typeof sixty>>;
        const before = rssMb(app.pid);
        const socket = await rawFrom({ cookie: many });
        socket.write(binaryFrames(ids.map((id) => authFrame(diagramDocName(id)))));
        await socket.closed;
        await pause(3_000);
        notes.set('sixty own 1 MB diagrams on one socket', rssNote(before));
        socket.destroy();
      },
      sixty,
    ],
    [
      '"delete all, insert 1 MB" forty times',
      async () => {
        const bulk = await signInAt(app.url, 'bulk@example.test', 'Bulk');
        const { id } = await createDiagramAt(app.url, bulk, { title: 'Bulk', content: '' });
        const client = connectLive(app.url, diagramDocName(id), { cookie: bulk });
        clients.push(client);
        await client.synced;
        for (let i = 0; i < 40 && !client.closed; i++) {
          client.doc.transact(() => {
            client.text.delete(0, client.text.length);
            client.text.insert(0, `${i}`.padEnd(1_000_000, 'z'));
          });
          await pause(250);
        }
      },
    ],
  ];
  const rows: [string, number, string][] = [];
  for (const [label, attack, prepare] of attacks) {
    prepared = prepare ? prepare() : Promise.resolve();
    await prepared;
    const from = app.lines.length;
    rows.push([label, await slowestHealthz(app.url, attack()), longestStall(from)]);
  }
  console.log(`slowest /healthz, no attack: ${idle.toFixed(0)} ms (goal under attack: < 500 ms)`);
  console.log('loop: the longest the server itself logged its event loop held (over 500 ms)');
  for (const [label, ms, stall] of rows) {
    const note = notes.get(label) ?? '';
    console.log(
      `${label.padEnd(52)} ${ms.toFixed(0).padStart(6)} ms   (no attack ${idle.toFixed(0)} ms)  loop: ${stall}  ${note}`,
    );
  }
} finally {
  for (const client of clients) client.destroy();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
