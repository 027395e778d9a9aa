/**
 * The client address of a raw HTTP request (a WebSocket upgrade, which Fastify does not see),
 * computed as Fastify computes `request.ip`: with `trustProxy` every hop is trusted, so the
 * client is the left-most X-Forwarded-For entry; without it, the socket's own address.
 */
import type { IncomingMessage } from 'node:http';

export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const own = request.socket.remoteAddress ?? '';
  if (!trustProxy) return own;
  const header = request.headers['x-forwarded-for'];
  const forwarded = Array.isArray(header) ? header.join(',') : (header ?? '');
  // Split on commas without a regex: the header is the client's text.
  const first = forwarded.split(',')[0]?.trim() ?? '';
  return first === '' ? own : first;
}
