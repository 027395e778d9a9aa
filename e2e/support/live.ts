import type { Page, WebSocketRoute } from '@playwright/test';
import { LIVE_PATH } from '../../src/shared/live';

/**
 * A page whose live connection never opens (a proxy that refuses WebSockets): the editor saves
 * over REST with the `updatedAt` it read, so a lost update meets the conflict dialog.
 */
export async function withoutLiveConnection(page: Page): Promise<void> {
  await page.routeWebSocket(
    (url) => url.pathname === LIVE_PATH,
    (ws) => ws.close({ code: 1011, reason: 'refused by test proxy' }),
  );
}

/** Holds what the live server sends this page until `release`; the page's frames pass. */
export function holdLiveSocket(page: Page) {
  let held: (string | Buffer)[] | null = [];
  let route: WebSocketRoute | null = null;
  const pass = (message: string | Buffer) => {
    if (held) held.push(message);
    else route?.send(message);
  };
  const ready = page.routeWebSocket(/\/api\/live/, (ws) => {
    route = ws;
    const server = ws.connectToServer();
    server.onMessage(pass);
    ws.onMessage((message) => server.send(message));
  });
  return {
    ready,
    /** Sends everything held so far; later frames are held again when `again`. */
    release(again: boolean) {
      const queued = held ?? [];
      held = again ? [] : null;
      for (const message of queued) route?.send(message);
    },
  };
}
