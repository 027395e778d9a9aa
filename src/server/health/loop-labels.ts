/**
 * Names the work the event-loop watch attributes a stall to: a request by its method and route
 * pattern (never its query string or body), a live frame by its document kind and message type
 * (never the document's id).
 */
import { MessageType } from '@hocuspocus/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as decoding from 'lib0/decoding';
import { handlingFrame, isWatching, runAs } from './loop-watch.js';

const SYNC_STEPS = ['sync step 1', 'sync step 2', 'update'];

const routeOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url ?? '(no route)'}`;

/** Every request's work, from its first hook to its answer, is counted as its route's. */
export function labelRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => runAs(routeOf(request), done, request));
  // The body is read by socket events that carry no request: from here on it is the route's again.
  app.addHook('preValidation', (request, _reply, done) => runAs(routeOf(request), done, request));
}

function messageName(data: Uint8Array): string {
  try {
    const decoder = decoding.createDecoder(data);
    decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type === MessageType.Sync || type === MessageType.SyncReply) {
      return SYNC_STEPS[decoding.readVarUint(decoder)] ?? 'sync';
    }
    return MessageType[type]?.toLowerCase() ?? 'unknown';
  } catch {
    return 'malformed';
  }
}

/** The live frame `data` on document `documentName` is being handled (from beforeHandleMessage). */
export function handlingLiveFrame(documentName: string, data: Uint8Array): void {
  if (!isWatching()) return;
  const kind = /^[a-z]{1,16}(?=:)/.exec(documentName)?.[0] ?? 'unknown';
  handlingFrame(`live ${kind} ${messageName(data)}`);
}
