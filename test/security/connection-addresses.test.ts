/**
 * The open-connection cap per client address behind a trusted proxy: every client reaches the
 * server from the proxy's socket address, so connections are counted under the client that
 * X-Forwarded-For names (TRUST_PROXY), as every other per-address budget is. One client past
 * its cap is cut off; another client behind the same proxy is still served. Real server process.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { LIVE_PATH } from '../../src/shared/live.js';
import { useAppProcess } from '../support/app-process-suite.js';

const CAP = 3;
const app = useAppProcess('connection-addresses', {
  APP_SECRET: 'connection-addresses-secret-0123456789abcdef',
  TRUST_PROXY: 'true',
  CONNECTIONS_PER_ADDRESS: String(CAP),
});
const sockets: Socket[] = [];

/** A kept-alive connection from the proxy (this host) on behalf of `client`. */
interface ProxiedConnection {
  /** Sends GET /healthz for the client; resolves with the status line, or null once closed. */
  health(): Promise<string | null>;
  closed: Promise<void>;
}

function proxied(client: string): Promise<ProxiedConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port: app.port, host: '127.0.0.1' });
    sockets.push(socket);
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    const health = () => {
      const before = data.length;
      socket.write(
        `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${client}\r\n\r\n`,
      );
      return new Promise<string | null>((answered) => {
        const check = () => {
          const answer = data.slice(before);
          if (/\r\n\r\n\{[^}]*\}$/.test(answer)) answered(answer.split('\r\n')[0]!);
          else if (socket.destroyed) answered(null);
          else setTimeout(check, 10);
        };
        check();
      });
    };
    socket.once('connect', () => resolve({ health, closed }));
    socket.once('error', reject);
  });
}

afterAll(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
});

it(`counts connections by the client X-Forwarded-For names: ${CAP} each`, async () => {
  // The first client holds its whole budget.
  const first = await Promise.all(Array.from({ length: CAP }, () => proxied('203.0.113.1')));
  for (const connection of first) expect(await connection.health()).toBe('HTTP/1.1 200 OK');
  // Another client behind the same proxy is served all the same, on as many connections.
  const second = await Promise.all(Array.from({ length: CAP }, () => proxied('203.0.113.2')));
  for (const connection of second) expect(await connection.health()).toBe('HTTP/1.1 200 OK');
  // One more connection for the first client is closed, unanswered.
  const excess = await proxied('203.0.113.1');
  expect(await excess.health()).toBeNull();
  await excess.closed;
  // The first client's own connections keep working.
  for (const connection of first) expect(await connection.health()).toBe('HTTP/1.1 200 OK');
}, 60_000);

/** Asks to upgrade to the live route for `client`; resolves with all the server sent. */
async function upgradeFor(client: string): Promise<string> {
  const socket = connect({ port: app.port, host: '127.0.0.1' });
  sockets.push(socket);
  let data = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (data += chunk));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    `GET ${LIVE_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n' +
      `X-Forwarded-For: ${client}\r\n\r\n`,
  );
  await new Promise<void>((resolve) => {
    const check = () =>
      socket.destroyed || data.includes('\r\n\r\n') ? resolve() : setTimeout(check, 10);
    check();
  });
  return data;
}

it('counts a live WebSocket upgrade under the client it names', async () => {
  const held = await Promise.all(Array.from({ length: CAP }, () => proxied('203.0.113.3')));
  for (const connection of held) expect(await connection.health()).toBe('HTTP/1.1 200 OK');
  expect(await upgradeFor('203.0.113.3')).toBe('');
  expect(await upgradeFor('203.0.113.4')).toMatch(/^HTTP\/1\.1 101 /);
}, 60_000);
