/**
 * Slow and greedy clients: how long a request may take to arrive, and how many connections one
 * address may hold open. Together they keep a client that trickles bytes, or opens sockets and
 * sends nothing, from tying up the server.
 */
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import { clientAddress } from './client-address.js';

export interface ConnectionLimits {
  /** Longest time for a whole request (headers and body) to arrive; then 408 and closed. */
  requestTimeoutMs: number;
  /**
   * Open connections per client address (the one X-Forwarded-For names with `trustProxy`);
   * excess ones are closed at once. 0: no cap.
   */
  connectionsPerAddress: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 60_000,
  connectionsPerAddress: 64,
};

/** Headers are small: they get this long at most, even when bodies may take longer. */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past their time (its default is 30 s). */
const CHECK_INTERVAL_MS = 1_000;

/** The Fastify server options that bound how long a request may take to arrive. */
export function timeoutOptions(
  requestTimeoutMs: number,
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'http' | 'clientErrorHandler'> {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(CHECK_INTERVAL_MS, requestTimeoutMs),
    },
    clientErrorHandler: answerClientError,
  };
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
};

/**
 * Errors Node raises before a request reaches the app (a request past its time, malformed
 * HTTP): answered in the app's `{error}` shape, then the connection is closed.
 */
function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request is malformed.'];
  this.log.info({ status, code: error.code, ip: socket.remoteAddress }, message);
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !pending?.headersSent) {
    const body = JSON.stringify({ error: message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * Counts the open connections of each client address and closes those past `cap` at once.
 * Without `trustProxy` the address is the socket's, known when the connection opens. With it,
 * every client behind the proxy shares the proxy's socket address, so a connection is counted
 * under the client its request names (X-Forwarded-For, client-address.ts) once that request or
 * upgrade arrives, and moves when a later request on it names another client; until then it is
 * bounded by the headers timeout alone.
 */
export function capConnectionsPerAddress(server: Server, cap: number, trustProxy = false): void {
  if (cap <= 0) return;
  const open = new Map<string, number>();
  const counted = new WeakMap<Socket, string>();
  const release = (socket: Socket) => {
    const address = counted.get(socket);
    if (address === undefined) return;
    counted.delete(socket);
    const left = (open.get(address) ?? 1) - 1;
    if (left <= 0) open.delete(address);
    else open.set(address, left);
  };
  /** Counts `socket` under `address`; false (and the socket closed) when that is one too many. */
  const count = (socket: Socket, address: string): boolean => {
    if (counted.get(socket) === address) return true;
    release(socket);
    if ((open.get(address) ?? 0) >= cap) {
      socket.destroy();
      return false;
    }
    open.set(address, (open.get(address) ?? 0) + 1);
    if (!counted.has(socket)) socket.once('close', () => release(socket));
    counted.set(socket, address);
    return true;
  };
  if (!trustProxy) {
    server.on('connection', (socket: Socket) => void count(socket, socket.remoteAddress ?? ''));
    return;
  }
  // Before Fastify's own listener and the live route's, so a connection past the cap does no work.
  server.prependListener('request', (request: IncomingMessage) => {
    count(request.socket, clientAddress(request, true));
  });
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    count(socket as Socket, clientAddress(request, true));
  });
}

/**
 * Closing the server closes the connections that never sent a whole request's headers. Node's
 * `server.close()` closes idle keep-alive connections, but not one accepted with nothing read
 * yet (a browser's or an HTTP client's spare connection): no request timer runs on it, so the
 * close waited for it without end (a test's listening app past its 60 s hook limit). Requests
 * under way are not touched: they finish, as a graceful stop promises.
 */
export function closeUnusedOnClose(app: FastifyInstance): void {
  const unused = new Set<Socket>();
  const used = (socket: Socket | Duplex) => unused.delete(socket as Socket);
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => used(socket));
  });
  // Headers read (the request is under way, or done and its connection idle: close() ends it).
  app.server.prependListener('request', (request: IncomingMessage) => used(request.socket));
  app.server.prependListener('upgrade', (_request: IncomingMessage, socket: Duplex) =>
    used(socket),
  );
  app.addHook('preClose', async () => {
    for (const socket of unused) socket.destroy();
    unused.clear();
  });
}
