/**
 * The live WebSocket on the app's own HTTP server: `upgrade` requests for LIVE_PATH are checked
 * (Origin, the address's authentication budget, then the session cookie) and handed to
 * Hocuspocus; every other upgrade is refused. Frames are capped in size (ws maxPayload) and pass
 * the socket's budgets (socket-budgets.ts) before Hocuspocus reads them (socket-gate.ts).
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { LIVE_PATH } from '../../shared/live.js';
import { hashToken, sessionsStore } from '../auth/sessions-store.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import type { Db } from '../db/client.js';
import { clientAddress } from '../limits/client-address.js';
import { floodLimiter, type SharedCounter } from './flood-limits.js';
import type { LiveContext } from './context.js';
import type { LiveServer } from './server.js';
import { DEFAULT_LIVE_LIMITS, liveBudgets, type LiveLimits } from './socket-budgets.js';
import { CLOSE_GRACE_MS, gateSocket } from './socket-gate.js';

export { DEFAULT_LIVE_LIMITS, type LiveLimits } from './socket-budgets.js';

function refuse(socket: Duplex, status: 401 | 403 | 404 | 429, text: string, error: string): void {
  const body = JSON.stringify({ error });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function attachLive(
  app: FastifyInstance,
  options: {
    db: Db;
    live: LiveServer;
    publicUrl: string | null;
    limits?: Partial<LiveLimits>;
    /** Where counts per user and document are shared between instances (null: this one only). */
    counter?: SharedCounter | null;
    /** Whether X-Forwarded-For names the client (as for Fastify's request.ip). */
    trustProxy?: boolean;
  },
): void {
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
  const limiter = floodLimiter(options.counter ?? null);
  const budgets = liveBudgets(limiter, limits);
  const sessions = sessionsStore(options.db);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });

  const ownOrigin = (request: IncomingMessage) =>
    options.publicUrl ?? `http://${request.headers.host ?? ''}`;

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found', 'Nothing to connect to here.');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(request)) {
      return refuse(socket, 403, 'Forbidden', 'Open Lifeline from its own address to edit live.');
    }
    const address = clientAddress(request, options.trustProxy ?? false);
    const sessionId = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    const refused = new Set<string>();
    const authenticated = new Set<string>();
    let context: LiveContext = { user: null, sessionHash: null, refused, authenticated };
    if (sessionId) {
      // Decided before the session is looked up.
      if (!budgets.authentication(address)) {
        return refuse(
          socket,
          429,
          'Too Many Requests',
          'Too many connections from your address. Try again in a minute.',
        );
      }
      const found = await sessions.find(sessionId).catch(() => null);
      if (!found)
        return refuse(socket, 401, 'Unauthorized', 'Your session has ended. Sign in again.');
      context = {
        user: found.user,
        userName: found.user.name,
        sessionHash: hashToken(sessionId),
        refused,
        authenticated,
      };
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // A frame ws rejects (invalid UTF-8, past maxPayload, unmasked, reserved bits, unknown
      // opcode, bad close code) makes ws close this socket with 1002/1007/1009 and then emit
      // 'error': without a listener that error would end the process. The peer gets a moment
      // to read the close frame, not the 30 s ws waits for its answer.
      ws.on('error', () => setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref());
      // Without an auth session: counted per client address (share-link viewers).
      const user = context.user ? String(context.user.id) : `@${address}`;
      const mine = budgets.socket({ user, address, refused, authenticated });
      ws.once('close', () => mine.release());
      gateSocket(ws, mine, limits.socketBufferBytes);
      options.live.instance.handleConnection(ws, request, context);
    });
  }

  const server: Server = app.server;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Closed before this listener: past its address's connection cap (connection-limits.ts).
    if (socket.destroyed) return;
    socket.on('error', () => socket.destroy());
    upgrade(request, socket, head).catch(() => socket.destroy());
  });
  app.addHook('preClose', async () => {
    limiter.stop();
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await options.live.flush();
  });
}
