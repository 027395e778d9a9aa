/** Live clients for `npm run bench:live`: opening many at once, and timing one keystroke. */
import { dropWhileDown } from '../../src/client/diagram/live/dropWhileDown';
import { connectLive, until, type LiveClient } from '../../test/support/live-client';

export interface Opening {
  name: string;
  cookie?: string;
}

/** A client that, as the app's does, queues nothing while its socket is down. */
function appLike(client: LiveClient): LiveClient {
  const socket = client.provider.configuration.websocketProvider;
  dropWhileDown(socket);
  return client;
}

/** Opens every document (ten at a time) and resolves once all of them synced. */
export async function openAll(base: string, openings: Opening[]): Promise<LiveClient[]> {
  const clients: LiveClient[] = [];
  for (let i = 0; i < openings.length; i += 10) {
    const batch = openings
      .slice(i, i + 10)
      .map(({ name, cookie }) => appLike(connectLive(base, name, cookie ? { cookie } : {})));
    clients.push(...batch);
    // A server limit closes a socket without refusing it: its client never syncs.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`openings ${i + 1}–${i + batch.length} did not sync in 60 s`)),
        60_000,
      );
    });
    await Promise.race([Promise.all(batch.map((client) => client.synced)), late]);
    clearTimeout(timer);
  }
  return clients;
}

/** Waits until every client holds the same text as the first. */
export async function converged(clients: LiveClient[]): Promise<void> {
  const text = () => clients[0]!.text.toString();
  await until(
    () => clients.every((client) => client.text.toString() === text()),
    'convergence',
    60_000,
  );
}

/** Milliseconds from a one-character insert on `from` until `to` holds it. */
export function keystroke(from: LiveClient, to: LiveClient): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = to.text.length + 1;
    const timer = setTimeout(() => reject(new Error('keystroke not received in 30 s')), 30_000);
    const started = performance.now();
    const check = () => {
      if (to.text.length < target) return;
      clearTimeout(timer);
      to.doc.off('update', check);
      resolve(performance.now() - started);
    };
    to.doc.on('update', check);
    from.text.insert(from.text.length, 'x');
  });
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
