import type { Page } from '@playwright/test';
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
