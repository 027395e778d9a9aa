/**
 * A live socket that sends nothing while it is down (the app's live connection, and the live
 * benchmark's clients, which must behave as the app's do).
 */
import { type HocuspocusProviderWebsocket, WebSocketStatus } from '@hocuspocus/provider';

/**
 * Nothing is queued while the socket is down. On reconnect the sync handshake sends every edit
 * the server lacks and the provider announces its own presence afresh; a queue would replay stale
 * presence instead, such as the removal of everyone else that the provider makes when its socket
 * closes, which the server refuses as speaking for others.
 */
export function dropWhileDown(socket: HocuspocusProviderWebsocket): void {
  const send = socket.send.bind(socket);
  socket.send = (message: unknown) => {
    if (socket.status === WebSocketStatus.Connected) send(message);
  };
}
