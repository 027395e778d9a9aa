/**
 * Waiting for the live copy to hold a text: a save over HTTP is applied by the server to the live
 * document too, and its update may reach this page after the HTTP answer does.
 */
import type * as Y from 'yjs';
import { readDraft } from '../openDiagram';

/** Long enough for an update already on its way; a live copy that never gets it joins anyway. */
export const LIVE_CATCH_UP_MS = 2_000;

/** Resolves once `shared` holds `content`, or after `ms`. */
export function liveCopyHolds(
  shared: Y.Doc,
  content: string,
  ms = LIVE_CATCH_UP_MS,
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      shared.off('update', check);
      resolve();
    };
    const check = () => {
      if (readDraft(shared).content === content) done();
    };
    const timer = setTimeout(done, ms);
    shared.on('update', check);
    check();
  });
}
