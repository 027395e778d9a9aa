/**
 * A live co-editing client for tests: @hocuspocus/provider over `ws` carrying a session cookie
 * (and an Origin when told), with helpers to wait for what the server says.
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import {
  LIVE_PATH,
  LIVE_TEXT,
  liveServerMessage,
  type LiveServerMessage,
} from '../../src/shared/live.js';

export interface LiveClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  text: Y.Text;
  /** Every stateless message received, in order. */
  messages: LiveServerMessage[];
  /** Stateless payloads that are no message of the server's. */
  unexpected: string[];
  /** Set when the server refused the document (authentication failed). */
  denied: string | null;
  /** Set when the server closed this document's connection. */
  closed: boolean;
  /**
   * True once the server sent a close frame (or the connection ended). The connection ends up
   * to the server's close grace later: it stops reading a socket it closes, so it does not see
   * the client's answer and drops the socket when the grace is over.
   */
  readonly closing: boolean;
  /** Sends raw bytes on the underlying WebSocket (malformed-frame tests). */
  sendRaw(data: Uint8Array): void;
  /**
   * Stops reading what the server sends (it waits in the socket, in order) until `resume`: the
   * server's updates reach this client as late as a test wants, while it still sends.
   */
  pause(): void;
  resume(): void;
  /** Resolves once the document synced (rejects when refused). */
  synced: Promise<void>;
  destroy(): void;
}

/** The base URL of a listening app → its live WebSocket address. */
export const liveUrl = (base: string) => base.replace(/^http/, 'ws') + LIVE_PATH;

export function connectLive(
  base: string,
  name: string,
  options: { cookie?: string; origin?: string } = {},
): LiveClient {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  class CookieWebSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers });
      // Closed while connecting (a reconnect the test ends): the provider sees the close.
      this.on('error', () => undefined);
    }
  }
  const socket = new HocuspocusProviderWebsocket({
    url: liveUrl(base),
    WebSocketPolyfill: CookieWebSocket,
    maxAttempts: 1,
  });
  const doc = new Y.Doc();
  const client: LiveClient = {
    doc,
    text: doc.getText(LIVE_TEXT),
    messages: [],
    unexpected: [],
    denied: null,
    closed: false,
    get closing() {
      const ws = socket.webSocket as WebSocket | null;
      return client.closed || (ws !== null && ws.readyState >= WebSocket.CLOSING);
    },
    sendRaw: (data) => socket.webSocket?.send(data),
    pause: () => (socket.webSocket as WebSocket | null)?.pause(),
    resume: () => (socket.webSocket as WebSocket | null)?.resume(),
    synced: Promise.resolve(),
    provider: undefined as unknown as HocuspocusProvider,
    destroy: () => {
      client.provider.destroy();
      socket.destroy();
      // A reconnect the provider scheduled when the server closed the socket would still run
      // (connect() turns reconnecting back on), against a server that may be gone by then.
      socket.connect = () => Promise.resolve();
    },
  };
  client.synced = new Promise<void>((resolve, reject) => {
    client.provider = new HocuspocusProvider({
      websocketProvider: socket,
      name,
      document: doc,
      token: 'cookie',
      onSynced: () => resolve(),
      onAuthenticationFailed: ({ reason }) => {
        client.denied = reason;
        reject(new Error(`refused: ${reason}`));
      },
      onClose: () => {
        client.closed = true;
      },
      onStateless: ({ payload }) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(payload);
        } catch {
          parsed = undefined;
        }
        const message = liveServerMessage.safeParse(parsed);
        if (message.success) client.messages.push(message.data);
        else client.unexpected.push(payload);
      },
    });
    client.provider.attach();
  });
  client.synced.catch(() => undefined);
  return client;
}

/** Polls `check` until it holds (throws after `timeoutMs`, with `what` in the message). */
export async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
