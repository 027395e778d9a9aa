/**
 * The live WebSocket on the app's own HTTP server: `upgrade` requests for LIVE_PATH are checked
 * (Origin, session cookie) and handed to Hocuspocus; every other upgrade is refused. Frames are
 * capped in size (ws maxPayload) and in rate per connection before Hocuspocus reads them.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import * as decoding from 'lib0/decoding';
import { WebSocketServer, type WebSocket } from 'ws';
import { LIVE_PATH } from '../../shared/live.js';
import { hashToken, sessionsStore } from '../auth/sessions-store.js';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import type { Db } from '../db/client.js';
import { floodLimiter, type FloodLimiter, type SharedCounter } from './flood-limits.js';
import type { LiveContext } from './context.js';
import type { LiveServer } from './server.js';

export interface LiveLimits {
  /** Frames per second one user may send over all their sockets (and instances). */
  userMessagesPerSecond: number;
  /** Frames per second one document may receive from all its sockets. */
  documentMessagesPerSecond: number;
  /** Largest frame accepted; a larger one closes the connection (1009). */
  maxMessageBytes: number;
  /** Frames per second a connection may send (averaged over `rateWindowMs`). */
  messagesPerSecond: number;
  rateWindowMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  maxMessageBytes: 2 * 1024 * 1024,
  messagesPerSecond: 100,
  userMessagesPerSecond: 200,
  documentMessagesPerSecond: 400,
  rateWindowMs: 5_000,
};

/** Policy violation: the close code for a connection over its message rate or off protocol. */
const TOO_MANY_MESSAGES = 1008;

/** How long a socket closed for a protocol error stays open for its close frame to be read. */
const CLOSE_GRACE_MS = 1000;

function refuse(socket: Duplex, status: 401 | 403 | 404, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Hocuspocus's authentication message type (first varUint after the document name). */
const AUTH = 2;

/**
 * Closes the socket when it sends a document anything but authentication before authenticating
 * for it, or anything at all after it was refused: Hocuspocus would queue those frames until
 * the socket closes.
 */
function guardDocuments(
  socket: WebSocket,
  refused: Set<string>,
  shared: { limiter: FloodLimiter; limits: LiveLimits; user: string },
): void {
  const announced = new Set<string>();
  const window = shared.limits.rateWindowMs;
  const perUser = { max: (shared.limits.userMessagesPerSecond * window) / 1000, windowMs: window };
  const perDocument = {
    max: (shared.limits.documentMessagesPerSecond * window) / 1000,
    windowMs: window,
  };
  socket.on('message', (data: Buffer) => {
    let name: string;
    let type: number;
    try {
      const decoder = decoding.createDecoder(new Uint8Array(data));
      name = decoding.readVarString(decoder);
      type = decoding.readVarUint(decoder);
    } catch {
      return; // Hocuspocus closes a socket whose frame it cannot read.
    }
    if (refused.has(name) || (type !== AUTH && !announced.has(name))) {
      socket.close(TOO_MANY_MESSAGES, 'not authenticated for this document');
      return;
    }
    announced.add(name);
    // Both counted: a user's sockets together, and everyone's on one document.
    const userOk = shared.limiter.hit(`user:${shared.user}`, perUser);
    const documentOk = shared.limiter.hit(`doc:${name}`, perDocument);
    if (!userOk || !documentOk) socket.close(TOO_MANY_MESSAGES, 'too many messages');
  });
}

/** Closes the socket once it sends more than its share of frames in a window. */
function capRate(socket: WebSocket, limits: LiveLimits): void {
  const budget = (limits.messagesPerSecond * limits.rateWindowMs) / 1000;
  let windowStart = Date.now();
  let count = 0;
  socket.on('message', () => {
    const now = Date.now();
    if (now - windowStart >= limits.rateWindowMs) {
      windowStart = now;
      count = 0;
    }
    if (++count > budget) socket.close(TOO_MANY_MESSAGES, 'too many messages');
  });
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
  },
): void {
  const limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
  const limiter = floodLimiter(options.counter ?? null);
  const sessions = sessionsStore(options.db);
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes });

  const ownOrigin = (request: IncomingMessage) =>
    options.publicUrl ?? `http://${request.headers.host ?? ''}`;

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const path = (request.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== ownOrigin(request)) {
      return refuse(socket, 403, 'Forbidden');
    }
    const sessionId = app.parseCookie(request.headers.cookie ?? '')[SESSION_COOKIE];
    const refused = new Set<string>();
    let context: LiveContext = { user: null, sessionHash: null, refused };
    if (sessionId) {
      const found = await sessions.find(sessionId).catch(() => null);
      if (!found) return refuse(socket, 401, 'Unauthorized');
      context = {
        user: found.user,
        userName: found.user.name,
        sessionHash: hashToken(sessionId),
        refused,
      };
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      // A frame ws rejects (invalid UTF-8, past maxPayload, unmasked, reserved bits, unknown
      // opcode, bad close code) makes ws close this socket with 1002/1007/1009 and then emit
      // 'error': without a listener that error would end the process. The peer gets a moment
      // to read the close frame, not the 30 s ws waits for its answer.
      ws.on('error', () => setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref());
      capRate(ws, limits);
      // Without an auth session: counted per address (share-link viewers).
      const user = context.user
        ? String(context.user.id)
        : `@${request.socket.remoteAddress ?? ''}`;
      guardDocuments(ws, refused, { limiter, limits, user });
      options.live.instance.handleConnection(ws, request, context);
    });
  }

  const server: Server = app.server;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
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
