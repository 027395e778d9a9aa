/**
 * The budgets every live frame passes before Hocuspocus reads it, decided as the frame arrives
 * and before any query, or any parse beyond the document name and message type: per socket
 * (frames, documents, authentication attempts), per client address (authentication attempts),
 * per user (frames, bytes, open documents) and per document (frames and bytes). A document's
 * budget counts only sockets authenticated for it, so a stranger cannot spend it and cut its
 * editors off: whoever passes a budget has their own socket closed, no one else's.
 */
import * as decoding from 'lib0/decoding';
import type { FloodBudget, FloodLimiter } from './flood-limits.js';

export interface LiveLimits {
  /** Largest frame accepted; a larger one closes the connection (1009). */
  maxMessageBytes: number;
  /** Frames per second a connection may send (averaged over `rateWindowMs`). */
  messagesPerSecond: number;
  rateWindowMs: number;
  /** Frames per second one user may send over all their sockets (and instances). */
  userMessagesPerSecond: number;
  /** Frames per second one document may receive from the sockets authenticated for it. */
  documentMessagesPerSecond: number;
  /** Bytes per second of one user's frames, and of one document's (averaged over 20 s). */
  userBytesPerSecond: number;
  documentBytesPerSecond: number;
  /** Documents one socket may name over its life. */
  socketDocuments: number;
  /** Documents one user (signed out: one address) may have open at once on this instance. */
  userDocuments: number;
  /** Authentications (a socket's cookie, a document's Auth frame) per client address a minute. */
  addressAuthsPerMinute: number;
  /** Bytes the server may hold unsent for one socket; past it the socket is dropped. */
  socketBufferBytes: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  maxMessageBytes: 2 * 1024 * 1024,
  messagesPerSecond: 100,
  rateWindowMs: 5_000,
  userMessagesPerSecond: 200,
  documentMessagesPerSecond: 400,
  userBytesPerSecond: 256 * 1024,
  documentBytesPerSecond: 512 * 1024,
  socketDocuments: 10,
  userDocuments: 20,
  addressAuthsPerMinute: 240,
  socketBufferBytes: 16 * 1024 * 1024,
};

/**
 * Bytes are averaged over a longer window than frames, and a window's budget is never below
 * one frame of the largest size, so a single large paste always passes.
 */
const BYTES_WINDOW_MS = 20_000;

/** Hocuspocus message types, and y-protocols' sync step 1. */
const SYNC = 0;
const AUTH = 2;
const SYNC_REPLY = 4;
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;

/** What becomes of a frame: handed on, dropped unread, or its socket closed with a reason. */
export type Verdict = 'pass' | 'drop' | { close: string };

/** What a socket's frames are counted against, and what the live server's hooks tell of it. */
export interface SocketScope {
  /** A user's id, or `@address` for a socket without a session. */
  user: string;
  /** The client's address (honouring TRUST_PROXY). */
  address: string;
  /** Documents whose authentication was refused, and those authenticated and still open. */
  refused: Set<string>;
  authenticated: Set<string>;
}

interface Head {
  name: string;
  type: number;
  /** The sync message type, for sync frames. */
  sync?: number;
}

/** The document name and message types at the head of a frame (null: not readable). */
export function readHead(data: Uint8Array): Head | null {
  try {
    const decoder = decoding.createDecoder(data);
    const name = decoding.readVarString(decoder);
    const type = decoding.readVarUint(decoder);
    if (type !== SYNC && type !== SYNC_REPLY) return { name, type };
    return { name, type, sync: decoding.readVarUint(decoder) };
  } catch {
    return null;
  }
}

/** Whether an outgoing frame is a sync step 2: the answer to a sync step 1. */
export const isSyncAnswer = (head: Head | null) => head?.type === SYNC && head.sync === SYNC_STEP_2;

export function liveBudgets(limiter: FloodLimiter, limits: LiveLimits) {
  const frames = (perSecond: number): FloodBudget => ({
    max: (perSecond * limits.rateWindowMs) / 1000,
    windowMs: limits.rateWindowMs,
  });
  const bytes = (perSecond: number): FloodBudget => ({
    max: Math.max((perSecond * BYTES_WINDOW_MS) / 1000, limits.maxMessageBytes),
    windowMs: BYTES_WINDOW_MS,
  });
  const perSocket = frames(limits.messagesPerSecond).max;
  const perUser = frames(limits.userMessagesPerSecond);
  const perDocument = frames(limits.documentMessagesPerSecond);
  const userBytes = bytes(limits.userBytesPerSecond);
  const documentBytes = bytes(limits.documentBytesPerSecond);
  const auths: FloodBudget = { max: limits.addressAuthsPerMinute, windowMs: 60_000 };
  /** Authentication frames one socket may send: a retry for each document it may name. */
  const socketAuths = 2 * limits.socketDocuments;

  /** Per user: the documents each of their open sockets named and was not refused. */
  const open = new Map<string, Set<{ names: Set<string>; refused: Set<string> }>>();
  const openDocuments = (user: string) => {
    const names = new Set<string>();
    for (const socket of open.get(user) ?? []) {
      for (const name of socket.names) if (!socket.refused.has(name)) names.add(name);
    }
    return names;
  };

  return {
    /** Counts one authentication from `address`; false when it is past its budget. */
    authentication: (address: string) => limiter.hit(`auth:${address}`, auths),

    /** The budgets of one new socket; `release` once it has closed. */
    socket(scope: SocketScope) {
      const names = new Set<string>();
      const mine = { names, refused: scope.refused };
      const sockets = open.get(scope.user) ?? new Set();
      sockets.add(mine);
      open.set(scope.user, sockets);
      let windowStart = Date.now();
      let count = 0;
      let authAttempts = 0;
      /** Documents whose sync step 1 is answered but the answer not yet written out. */
      const answering = new Set<string>();

      /** The budgets of naming a document: documents per socket and per user, attempts. */
      function authenticating(name: string): Verdict {
        if (!names.has(name)) {
          if (names.size >= limits.socketDocuments) {
            return { close: 'too many documents on one connection' };
          }
          const others = openDocuments(scope.user);
          if (!others.has(name) && others.size >= limits.userDocuments) {
            return { close: 'too many documents open' };
          }
        }
        if (++authAttempts > socketAuths || !limiter.hit(`auth:${scope.address}`, auths)) {
          return { close: 'too many authentication attempts' };
        }
        names.add(name);
        return 'pass';
      }

      function check(data: Uint8Array): Verdict {
        const now = Date.now();
        if (now - windowStart >= limits.rateWindowMs) {
          windowStart = now;
          count = 0;
        }
        if (++count > perSocket) return { close: 'too many messages' };
        const head = readHead(data);
        if (!head) return 'pass'; // Hocuspocus closes a socket whose frame it cannot read.
        const { name } = head;
        if (scope.refused.has(name)) return { close: 'not authenticated for this document' };
        const authenticated = scope.authenticated.has(name);
        if (head.type === AUTH && !authenticated) {
          const verdict = authenticating(name);
          if (verdict !== 'pass') return verdict;
        } else if (!names.has(name)) {
          return { close: 'not authenticated for this document' };
        }
        const size = data.byteLength;
        if (!limiter.hit(`user:${scope.user}`, perUser)) return { close: 'too many messages' };
        if (!limiter.hit(`user-bytes:${scope.user}`, userBytes, size)) {
          return { close: 'too much data' };
        }
        if (authenticated) {
          if (!limiter.hit(`doc:${name}`, perDocument)) return { close: 'too many messages' };
          if (!limiter.hit(`doc-bytes:${name}`, documentBytes, size)) {
            return { close: 'too much data' };
          }
        }
        const step1 = (head.type === SYNC || head.type === SYNC_REPLY) && head.sync === SYNC_STEP_1;
        if (step1) {
          // The answer holds the whole document: one at a time, however many are asked for.
          if (answering.has(name)) return 'drop';
          answering.add(name);
        }
        return 'pass';
      }

      return {
        check,
        /** The answer to `name`'s sync step 1 has been written out: the next may come. */
        answered: (name: string) => answering.delete(name),
        /** Whether an answer to a sync step 1 is awaited (outgoing frames are read only then). */
        awaitsAnswers: () => answering.size > 0,
        release() {
          sockets.delete(mine);
          if (sockets.size === 0) open.delete(scope.user);
        },
      };
    },
  };
}

export type LiveBudgets = ReturnType<typeof liveBudgets>;
export type SocketBudgets = ReturnType<LiveBudgets['socket']>;
