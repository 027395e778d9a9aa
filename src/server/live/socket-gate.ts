/**
 * Puts a socket's budgets in front of Hocuspocus. ws hands every frame to each 'message'
 * listener in turn, so a listener of ours could see a frame but not stop it; instead the socket's
 * own `emit` decides: a frame past a budget, or any frame of a socket being closed (however many
 * came in the same write), never reaches Hocuspocus. A socket being closed, for whatever reason,
 * stops being read at once and is dropped if its peer does not go within a second. Outgoing frames are
 * watched too: past the socket's buffer cap it is dropped, and the answer to a sync step 1 lets
 * the next one through once it has been written out.
 */
import type { WebSocket } from 'ws';
import { isSyncAnswer, readHead, type SocketBudgets } from './socket-budgets.js';

/** Policy violation: the close code for a socket past a budget or off protocol. */
const POLICY_VIOLATION = 1008;

/** How long a socket closed for a breach may take to go before it is dropped. */
export const CLOSE_GRACE_MS = 1000;

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;
type Send = (data: unknown, ...rest: unknown[]) => void;

/**
 * Makes every close of `ws` (a breach, or Hocuspocus's own) stop reading it at once and drop it
 * after CLOSE_GRACE_MS, not the 30 s ws would wait for a peer that never answers.
 */
function stopReadingOnClose(ws: WebSocket): void {
  const close = ws.close.bind(ws);
  ws.close = ((code?: number, reason?: string | Buffer): void => {
    if (ws.readyState === ws.OPEN) setTimeout(() => ws.terminate(), CLOSE_GRACE_MS).unref();
    ws.pause();
    close(code, reason);
  }) as typeof ws.close;
}

const asBytes = (data: unknown): Uint8Array | null =>
  data instanceof Uint8Array ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : null;

export function gateSocket(ws: WebSocket, budgets: SocketBudgets, bufferCap: number): void {
  stopReadingOnClose(ws);
  /** Frames already let through: Hocuspocus emits queued ones again once a document opens. */
  const passed = new WeakSet<object>();
  const emit = ws.emit.bind(ws) as Emit;
  ws.emit = ((event: string | symbol, ...args: unknown[]): boolean => {
    if (event !== 'message') return emit(event, ...args);
    // Nothing of a socket being closed is read, whoever closes it.
    if (ws.readyState !== ws.OPEN) return false;
    const data = args[0];
    if (typeof data === 'object' && data !== null && passed.has(data)) return emit(event, ...args);
    const bytes = asBytes(data);
    if (!bytes) return emit(event, ...args);
    const verdict = budgets.check(bytes);
    if (verdict === 'drop') return false;
    if (verdict !== 'pass') {
      ws.close(POLICY_VIOLATION, verdict.close);
      return false;
    }
    passed.add(bytes);
    return emit(event, ...args);
  }) as typeof ws.emit;

  const send = ws.send.bind(ws) as Send;
  ws.send = ((data: unknown, ...rest: unknown[]): void => {
    const bytes = budgets.awaitsAnswers() ? asBytes(data) : null;
    const head = bytes ? readHead(bytes) : null;
    if (head && isSyncAnswer(head)) {
      const last = rest.at(-1);
      const done = (error?: Error) => {
        budgets.answered(head.name);
        if (typeof last === 'function') (last as (error?: Error) => void)(error);
      };
      if (typeof last === 'function') rest[rest.length - 1] = done;
      else rest.push(done);
    }
    send(data, ...rest);
    // A peer that does not read cannot make the server hold its answers without end.
    if (ws.bufferedAmount > bufferCap) ws.terminate();
  }) as typeof ws.send;
}
