/**
 * Long CPU work on the server's only thread (inflating and checking an import) gives other
 * requests their turn: call the answered function often; every ~10 ms of work it waits for the
 * event loop once, so a health check or a page load never waits behind a whole import.
 */
import { setImmediate } from 'node:timers/promises';

const SLICE_MS = 10;

export function cooperative(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return setImmediate().then(() => {
      since = performance.now();
    });
  };
}
