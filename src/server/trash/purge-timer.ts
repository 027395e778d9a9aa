/**
 * Purges diagrams that have waited in the trash past TRASH_DAYS, once an hour, for as long as the
 * app is open. Listing the trash purges the caller's own too, so nothing expired ever shows.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { trashStore } from './store.js';

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export function startTrashPurge(app: FastifyInstance, db: Db): void {
  const trash = trashStore(db);
  const timer = setInterval(() => {
    trash.purgeExpired().then(
      (count) => {
        if (count > 0) app.log.info({ count }, 'purged diagrams deleted more than 30 days ago');
      },
      (error: unknown) => app.log.warn({ err: error }, 'trash purge failed; retrying in an hour'),
    );
  }, PURGE_INTERVAL_MS);
  // The timer alone must not keep the process alive.
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
