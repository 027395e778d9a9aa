/**
 * One live connection of the open diagram with the sync server (`/api/live`, contract: document
 * `diagram:<id>` or `share:<token>`, the session cookie authenticates). It keeps its own copy of
 * the document in step with the server and hands it to the diagram's owner once synced.
 */
import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  WebSocketStatus,
} from '@hocuspocus/provider';
import * as Y from 'yjs';
import { LIVE_PATH, type LiveRole, type LiveServerMessage } from '@shared/live';
import { dropWhileDown } from './dropWhileDown';
import { parseLiveMessage, SAVE_MESSAGE } from './liveMessages';
import type { Draft } from '../draftStore';
import type { OpenDiagram } from '../openDiagram';
import { userColor } from './userColor';

export type LiveStatus = 'connecting' | 'online' | 'offline';

export interface LiveUser {
  id: number | string;
  name: string;
  role: LiveRole;
}

export interface LiveOptions {
  diagram: OpenDiagram;
  name: string;
  /**
   * Who to announce to the others; none for a public page's visitor, who follows unseen (the
   * provider keeps its awareness, empty: Hocuspocus's ping checks ride on it).
   */
  user?: LiveUser;
  onStatus: (status: LiveStatus) => void;
  onMessage: (message: LiveServerMessage) => void;
  /**
   * The live copy now holds the server's state and the editor shows it; `dropped`: the text the
   * editor held before, when it resynced (see OpenDiagram.resync).
   */
  onAttached?: (dropped: Draft | null) => void;
  /**
   * Once the live copy first holds the server's state: a wait before the editor joins it (a
   * save over HTTP still in flight, see savesBeforeJoin), or null to join at once. `origin`:
   * updates applied to `shared` with it are not sent to the server (it has them).
   */
  beforeAttach?: (shared: Y.Doc, origin: unknown) => Promise<void> | null;
  /** When joining: the text the server already has from this screen (see OpenDiagram.attach). */
  serverHolds?: () => string | null;
  /** The server refused to open the document (no access, or the link no longer shares it). */
  onDenied?: () => void;
}

/** The longest wait between two reconnect attempts. */
export const RECONNECT_MAX_DELAY_MS = 5_000;

export function liveUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE_PATH}`;
}

/**
 * Sends this client's presence again with a newer clock. The server keeps the clock of a presence
 * it dropped when a connection closed, and y-protocols takes a state only with a newer clock: the
 * provider's own resend on reconnect carries the same clock and was ignored until its renewal
 * 15 s later, so the others saw someone back online as gone.
 */
function announceAgain(provider: HocuspocusProvider) {
  const awareness = provider.awareness;
  const state = awareness?.getLocalState();
  if (awareness && state) awareness.setLocalState({ ...state });
}

export function connectLive(options: LiveOptions) {
  const shared = new Y.Doc();
  let attached = false;
  let attaching = false;
  let destroyed = false;
  let everOnline = false;
  let joined: () => void = () => undefined;
  const whenAttached = new Promise<void>((resolve) => (joined = resolve));
  const join = () => {
    if (destroyed || attached) return;
    attached = true;
    const dropped = options.diagram.attach(shared, {
      awareness: options.user ? provider.awareness : null,
      serverHolds: options.serverHolds?.() ?? null,
    });
    options.onAttached?.(dropped);
    joined();
  };
  // Reconnect attempts back off from 1 s to at most RECONNECT_MAX_DELAY_MS, not the library's
  // 30 s: a restarted server has everyone back within seconds.
  const socket = new HocuspocusProviderWebsocket({
    url: liveUrl(),
    maxDelay: RECONNECT_MAX_DELAY_MS,
  });
  dropWhileDown(socket);
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: options.name,
    document: shared,
    token: 'cookie', // the session cookie authenticates; the contract's fixed placeholder
    onSynced: ({ state }) => {
      if (!state) return;
      if (everOnline) announceAgain(provider);
      everOnline = true;
      options.onStatus('online');
      if (attached || attaching) return;
      const wait = options.beforeAttach?.(shared, provider) ?? null;
      if (!wait) return join();
      attaching = true;
      void wait.then(join, join);
    },
    onStatus: ({ status }) => {
      if (status === WebSocketStatus.Disconnected && everOnline) options.onStatus('offline');
    },
    onStateless: ({ payload }) => {
      const message = parseLiveMessage(payload);
      if (message) options.onMessage(message);
    },
    onAuthenticationFailed: () => options.onDenied?.(),
  });
  provider.attach();
  const user = options.user;
  if (user) {
    provider.setAwarenessField('user', {
      id: user.id,
      name: user.name,
      role: user.role,
      color: userColor(user.id),
      colorLight: `${userColor(user.id)}33`,
    });
  }

  // The browser knows first when the network goes: the connection goes offline with it (edits stay
  // on this device) and reconnects, merging them, when the network is back.
  const goOffline = () => {
    socket.disconnect();
    // Said at once, also before the first sync: the browser knows nothing can be saved now.
    options.onStatus('offline');
  };
  const goOnline = () => {
    // Never online yet: back to connecting (saves go over HTTP meanwhile), not still offline.
    if (!everOnline) options.onStatus('connecting');
    void socket.connect();
  };
  window.addEventListener('offline', goOffline);
  window.addEventListener('online', goOnline);

  return {
    provider,
    get attached() {
      return attached;
    },
    /** Synced with the server and joining or joined: edits reach the server only through it. */
    get joining() {
      return attached || attaching;
    },
    /** Resolves once the editor has joined the live copy, or the connection is destroyed. */
    whenAttached,
    /** Explicit Save: buffered edits go out, then the server records a version. */
    save(): void {
      options.diagram.flush();
      provider.sendStateless(SAVE_MESSAGE);
    },
    destroy(): void {
      destroyed = true;
      joined(); // a Save waiting for the join goes on (and finds this connection gone)
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
      if (options.diagram.live) options.diagram.detach();
      provider.destroy();
      socket.destroy();
      shared.destroy();
    },
  };
}

export type LiveConnection = ReturnType<typeof connectLive>;
