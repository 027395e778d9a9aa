/**
 * A live editor for the convergence test: one Y.Doc behind a @hocuspocus/provider in Node that
 * the test connects, cuts off and replaces at will, and that knows which of its edits the server
 * acknowledged. Hocuspocus answers every update frame (an edit, or the sync step 2 of a
 * reconnect) with a sync status, applied or not, in the order the frames came; the socket
 * records both, so an edit is acknowledged once a frame answered "applied" carried it.
 *
 * Like the app's editor it queues nothing while offline (the handshake of the next connection
 * sends what the server lacks), and after a refusal the test drops its copy and starts from
 * the server's (`resync`).
 */
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { LIVE_TEXT, liveServerMessage, type RefusedReason } from '../../src/shared/live.js';
import { liveUrl } from '../../test/support/live-client.js';
import { AckLedger, sentUpdate, syncStatus } from './ack-ledger.js';

function bytesOf(data: WebSocket.RawData | ArrayBufferView | ArrayBuffer | string): Uint8Array {
  if (typeof data === 'string') return new TextEncoder().encode(data);
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

export class LivePeer {
  doc = new Y.Doc();
  /** What the server acknowledged of this doc's edits (a new doc gets a new ledger). */
  ledger = new AckLedger();
  /** Refusals the server sent for this doc. */
  refused: RefusedReason[] = [];
  /** `saved` messages received on this doc's connections. */
  saved = 0;
  private provider: HocuspocusProvider | null = null;
  private socket: HocuspocusProviderWebsocket | null = null;
  private webSocket: WebSocket | null = null;
  /** Update frames sent on the current socket and not answered yet, oldest first. */
  private unanswered: Uint8Array[] = [];
  private connected = false;

  constructor(
    readonly name: string,
    private readonly cookie: string,
    public base: string,
  ) {}

  get text(): Y.Text {
    return this.doc.getText(LIVE_TEXT);
  }

  /** Synced with the server and not cut off since. */
  get online(): boolean {
    return this.connected;
  }

  /** Frames in flight, and changes the provider has not seen acknowledged. */
  get pending(): number {
    return this.unanswered.length + (this.provider?.unsyncedChanges ?? 0);
  }

  /** Opens a connection for this doc; answers whether it synced within `timeoutMs`. */
  connect(timeoutMs = 20_000): Promise<boolean> {
    this.disconnect();
    const headers = { cookie: this.cookie };
    const adopt = (webSocket: WebSocket) => (this.webSocket = webSocket);
    const sent = (webSocket: WebSocket, data: Uint8Array) => {
      const update = sentUpdate(data, this.name);
      if (update && this.webSocket === webSocket) this.unanswered.push(update);
    };
    const received = (webSocket: WebSocket, data: Uint8Array) => {
      if (this.webSocket !== webSocket) return;
      const status = syncStatus(data, this.name);
      if (status === null) return;
      const update = this.unanswered.shift();
      if (status && update) this.ledger.applied(update);
    };
    class TrackedWebSocket extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers });
        adopt(this);
        this.on('error', () => undefined); // a socket the test or a restart cut off
        this.on('message', (data) => received(this, bytesOf(data)));
      }
      override send(data: Uint8Array, ...rest: unknown[]): void {
        sent(this, bytesOf(data));
        (super.send as (data: Uint8Array, ...rest: unknown[]) => void)(data, ...rest);
      }
    }
    const socket = new HocuspocusProviderWebsocket({
      url: liveUrl(this.base),
      WebSocketPolyfill: TrackedWebSocket,
      maxAttempts: 1,
    });
    this.socket = socket;
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), timeoutMs);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        if (this.socket === socket) {
          if (ok) this.connected = true;
          else this.disconnect();
        }
        resolve(ok);
      };
      this.provider = new HocuspocusProvider({
        websocketProvider: socket,
        name: this.name,
        document: this.doc,
        token: 'cookie',
        onSynced: () => finish(true),
        onAuthenticationFailed: () => finish(false),
        onClose: () => {
          // Cut off (a restart, a refusal that closes): offline until the test reconnects.
          if (this.socket === socket) setImmediate(() => this.socket === socket && finish(false));
        },
        onStateless: ({ payload }) => this.onMessage(payload),
      });
      this.provider.attach();
    });
  }

  private onMessage(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    const message = liveServerMessage.safeParse(parsed);
    if (!message.success) return;
    if (message.data.type === 'refused') this.refused.push(message.data.reason);
    if (message.data.type === 'saved') this.saved += 1;
  }

  /** Closes the connection; the doc and its edits stay (offline). */
  disconnect(): void {
    const { provider, socket } = this;
    this.provider = null;
    this.socket = null;
    this.webSocket = null;
    this.unanswered = [];
    this.connected = false;
    provider?.destroy();
    if (socket) {
      socket.destroy();
      // A reconnect the provider scheduled on the close would still run after destroy().
      socket.connect = () => Promise.resolve();
    }
  }

  /** Drops this copy (what the server refused with it) for an empty doc; connect() fills it. */
  resync(): void {
    this.disconnect();
    this.doc.destroy();
    this.doc = new Y.Doc();
    this.ledger = new AckLedger();
    this.refused = [];
  }

  /** Runs `change` as one local edit; answers the update it made (null: none). */
  edit(change: (text: Y.Text) => void): Uint8Array | null {
    const updates: Uint8Array[] = [];
    const collect = (update: Uint8Array) => updates.push(update);
    this.doc.on('update', collect);
    try {
      this.doc.transact(() => change(this.text));
    } finally {
      this.doc.off('update', collect);
    }
    return updates.length === 0 ? null : Y.mergeUpdates(updates);
  }

  /** Sends a frame as it is, on the current connection (it counts as an update frame sent). */
  sendRaw(frame: Uint8Array): void {
    this.webSocket?.send(frame);
  }

  /** Asks the server for an explicit Save. */
  save(): void {
    this.provider?.sendStateless(JSON.stringify({ type: 'save' }));
  }

  destroy(): void {
    this.disconnect();
    this.doc.destroy();
  }
}
