/**
 * PGlite runs inside this process: each step of a query (parse, bind, execute, sync) is
 * WebAssembly on the event loop, and its queue starts the next caller's step as soon as one
 * ends, in the same run of promise callbacks. Ten requests' queries in a row (ten live documents
 * of 1 MB opened at once) then never let a timer or a socket in: /healthz waited over a second.
 * Here every step waits for the loop's next turn first, so other requests and frames interleave
 * with long runs of queries; the queue (and so every transaction) keeps its order.
 */
import type { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';

export function takeTurns(client: PGlite): void {
  const step = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args: Parameters<PGlite['execProtocolStream']>) => {
    await nextTurn();
    return step(...args);
  };
}
