/**
 * The public page follows the diagram it shows: a read-only live connection to `share:<token>`
 * (no sign-in needed) merges the owner's edits into the page's diagram as they are made, so the
 * preview redraws. What the visitor typed stays on the page and is never sent. When the owner
 * stops sharing, the server refuses the document: the page keeps what it last drew.
 */
import { useEffect, useState } from 'react';
import { shareDocName } from '@shared/live';
import { connectLive, type LiveConnection } from './liveConnection';
import type { OpenDiagram } from '../openDiagram';

/** `off`: not following (the visitor started something else); `stopped`: no longer shared. */
export type FollowState = 'connecting' | 'live' | 'offline' | 'stopped' | 'off';

export function useFollowShared(diagram: OpenDiagram, token: string, enabled: boolean) {
  const [state, setState] = useState<FollowState>('connecting');

  useEffect(() => {
    if (!enabled) return;
    // A visitor's edits stay on this page: they are never given to the live copy.
    diagram.setBuffering(true);
    let connection: LiveConnection | null = null;
    let ended = false;
    const stop = () => {
      ended = true;
      // Not from inside the provider's own event: it is destroyed with the connection.
      window.setTimeout(() => {
        connection?.destroy();
        connection = null;
      });
      setState('stopped');
    };
    connection = connectLive({
      diagram,
      name: shareDocName(token),
      onStatus: (status) => {
        // The socket closing after a refusal is not "offline": following has ended.
        if (!ended) setState(status === 'online' ? 'live' : status);
      },
      onMessage: (message) => {
        if (message.type === 'access' && message.role === 'none') stop();
      },
      onDenied: stop,
    });
    return () => {
      connection?.destroy();
      connection = null;
    };
  }, [diagram, token, enabled]);

  return enabled ? state : 'off';
}
