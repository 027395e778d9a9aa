/**
 * Slow and greedy clients against a real listening server, over raw sockets: a body trickled one
 * byte a second is cut off at the request timeout, connections past the per-address cap are
 * closed at once while the first ones keep working, and closing the server closes connections
 * that never sent a request.
 */
import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client.js';
import { signInLocally, testApp } from '../support/app.js';
import { testDatabases } from '../support/databases.js';
import { multipartBody } from '../support/multipart.js';

const REQUEST_TIMEOUT_MS = 2_000;
const CAP = 4;

/** A raw connection that collects what the server sends and notes when it closes. */
interface RawClient {
  socket: Socket;
  received: () => string;
  closed: Promise<number>;
}

function open(port: number): Promise<RawClient> {
  return new Promise((resolve, reject) => {
    let data = '';
    const socket = connect({ port, host: '127.0.0.1' });
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

/** When the client's connection closed; fails if it is still open after `limitMs`. */
function closedWithin(client: RawClient, limitMs: number): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still open after ${limitMs} ms`)), limitMs);
  });
  return Promise.race([client.closed, late]).finally(() => clearTimeout(timer));
}

/** Sends one GET /healthz on the client's connection and waits for a whole answer. */
function healthOn(client: RawClient): Promise<string> {
  const before = client.received().length;
  client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  return new Promise((resolve, reject) => {
    const check = () => {
      const answer = client.received().slice(before);
      if (/\r\n\r\n\{[^}]*\}$/.test(answer)) resolve(answer);
      else if (client.socket.destroyed) reject(new Error(`closed after "${answer}"`));
      else setTimeout(check, 10);
    };
    check();
  });
}

describe('slow and greedy clients', () => {
  const [pglite] = testDatabases;
  let database: Database;
  /** Two servers, so the connections one test leaves open do not count against the other. */
  const apps: FastifyInstance[] = [];
  let port: number;
  let cappedPort: number;

  async function listening(): Promise<number> {
    const app = await testApp(database, {
      connections: { requestTimeoutMs: REQUEST_TIMEOUT_MS, connectionsPerAddress: CAP },
    });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }

  beforeAll(async () => {
    database = await pglite!.open();
    port = await listening();
    cappedPort = await listening();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
  });

  it('answers 408 and closes a POST whose body arrives one byte a second', async () => {
    const body = new URLSearchParams({ name: 'Slow', email: 'slow@example.test' }).toString();
    const client = await open(port);
    const started = Date.now();
    client.socket.write(
      'POST /auth/local HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    let sent = 0;
    const trickle = setInterval(() => {
      if (!client.socket.destroyed && sent < body.length) client.socket.write(body[sent++]!);
    }, 1_000);
    try {
      const closedAt = await closedWithin(client, REQUEST_TIMEOUT_MS + 5_000);
      const elapsed = closedAt - started;
      expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
      // Node looks for expired requests once a second.
      expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS + 2_000);
      expect(sent).toBeLessThan(body.length);
      const answer = client.received();
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
        JSON.stringify({ error: 'The request took too long to arrive.' }),
      );
    } finally {
      clearInterval(trickle);
      client.socket.destroy();
    }
  }, 15_000);

  it('still serves normal requests, a POST with its body included', async () => {
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    const signIn = await fetch(`http://127.0.0.1:${port}/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'Quick', email: 'quick@example.test', redirect: '/' }),
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
  });

  it('accepts an import whose body arrives steadily within the timeout', async () => {
    const cookie = await signInLocally(apps[0]!, 'importer@example.test');
    const files = Array.from({ length: 4 }, (_, i) => ({
      name: `large-${i}.mmd`,
      content: `sequenceDiagram\n%% ${'x'.repeat(500_000)}\nA->>B: ${i}`,
    }));
    const { payload, headers } = multipartBody(files);
    // About 2 MB over half the timeout: a 50 MB import at the 60 s default is the same pace
    // scaled up (about 7 Mbit/s).
    const chunks = 20;
    const size = Math.ceil(payload.length / chunks);
    const pause = REQUEST_TIMEOUT_MS / 2 / chunks;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent >= payload.length) return controller.close();
        await new Promise((resolve) => setTimeout(resolve, pause));
        controller.enqueue(payload.subarray(sent, sent + size));
        sent += size;
      },
    });
    const started = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/import`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(Date.now() - started).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS / 2);
    expect(response.status).toBe(201);
  }, 15_000);

  it('keeps an idle kept-alive connection past the request timeout usable', async () => {
    const client = await open(port);
    try {
      expect(await healthOn(client)).toMatch(/^HTTP\/1\.1 200 /);
      // The request timeout covers a request arriving, not the pause between two of them.
      await new Promise((resolve) => setTimeout(resolve, REQUEST_TIMEOUT_MS + 1_500));
      expect(await healthOn(client)).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      client.socket.destroy();
    }
  }, 15_000);

  it('closes, when the server closes, a connection that never sent a request and an idle one', async () => {
    const closing = await listening();
    const silent = await open(closing);
    const idle = await open(closing);
    expect(await healthOn(idle)).toMatch(/^HTTP\/1\.1 200 /);
    const app = apps.pop()!;
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      app.close().then(() => 'closed'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), 10_000))),
    ]).finally(() => clearTimeout(timer));
    expect(closed).toBe('closed');
    await closedWithin(silent, 1_000);
    await closedWithin(idle, 1_000);
    expect(silent.received()).toBe('');
  }, 20_000);

  it(`closes connections from one address past ${CAP} at once; the first ones keep working`, async () => {
    const first = await Promise.all(Array.from({ length: CAP }, () => open(cappedPort)));
    const excess: RawClient[] = [];
    try {
      // Each of the first is in use before the excess arrive, so the server has counted it.
      for (const client of first) expect(await healthOn(client)).toMatch(/^HTTP\/1\.1 200 /);
      excess.push(...(await Promise.all([open(cappedPort), open(cappedPort)])));
      for (const client of excess) {
        await closedWithin(client, 2_000);
        expect(client.received()).toBe('');
      }
      for (const client of first) expect(await healthOn(client)).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      for (const client of [...first, ...excess]) client.socket.destroy();
    }
    // Closed connections no longer count: a new one is served once the server has seen them go.
    await expect
      .poll(
        async () =>
          (await fetch(`http://127.0.0.1:${cappedPort}/healthz`).catch(() => null))?.status,
      )
      .toBe(200);
  });
});
