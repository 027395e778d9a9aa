/**
 * Everyone acting on one diagram in a convergence run: the live editors (LivePeer), and a person
 * or program writing the whole text over REST, MCP or History's restore. Each action is noted in
 * the marker book (what the server acknowledged, what may have removed markers) and the log.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { LivePeer } from './live-peer.js';
import { fitIndex, MarkerBook, markerSpans } from './marker-book.js';
import { readDiagram, type Instances } from './two-instances.js';

export interface RunContext {
  instances: Instances;
  cookie: string;
  token: string;
}

export const now = () => performance.now();

/** Polls `check` until it holds or `timeoutMs` passed; answers whether it held. */
export async function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = now() + timeoutMs;
  while (!check()) {
    if (now() > deadline) return false;
    await sleep(20);
  }
  return true;
}

/** A whole-text write's outcome: answered success, refused, or cut off (it may have landed). */
export type WriteOutcome = boolean | 'unknown';

export class Actors {
  readonly book = new MarkerBook();
  readonly log: string[] = [];
  readonly peers: LivePeer[] = [];

  constructor(
    readonly context: RunContext,
    readonly diagramId: number,
    readonly name: string,
  ) {}

  url(instance: number): string {
    return this.context.instances.apps[instance]!.url;
  }

  /** A live editor of the diagram on `instance` (not connected yet). */
  join(instance: number): LivePeer {
    const peer = new LivePeer(this.name, this.context.cookie, this.url(instance));
    this.peers.push(peer);
    return peer;
  }

  note(line: string): void {
    this.log.push(line);
  }

  /** Online, and past any refusal: a refused copy is dropped for the server's, as the app does. */
  async ready(index: number): Promise<boolean> {
    const peer = this.peers[index]!;
    if (peer.refused.length > 0) {
      this.note(`  peer ${index} refused (${peer.refused.join(', ')}): drops its copy, resyncs`);
      peer.resync();
    }
    if (peer.online) return true;
    const ok = await peer.connect();
    if (!ok) this.note(`  peer ${index} could not connect`);
    return ok;
  }

  /**
   * One local edit of peer `index` (offline when it is): deletes `length` characters from `raw`
   * and, unless `typed` is null, types `typed` and a fresh marker there.
   */
  edit(index: number, raw: number, length: number, typed: string | null, what: string): void {
    const peer = this.peers[index]!;
    const local = peer.text.toString();
    const from = fitIndex(local, raw);
    const to = length > 0 ? Math.min(local.length, fitIndex(local, from + length)) : from;
    const gone = new Set(
      markerSpans(local)
        .filter((span) => span.start < to && from < span.end)
        .map((span) => span.marker),
    );
    const marker = typed === null ? null : this.book.next();
    const start = now();
    const update = peer.edit((text) => {
      if (to > from) text.delete(from, to - from);
      if (marker !== null) text.insert(from, typed + marker);
    });
    const label = `${what} on peer ${index}`;
    if (gone.size > 0) {
      // A live edit may reach the server at any later time (the next connection's handshake).
      const removes = (m: string) => gone.has(m);
      this.book.removal({ what: label, end: Infinity, possible: () => true, removes });
    }
    if (marker === null || !update) return;
    const ledger = peer.ledger;
    this.book.ackedBy(marker, start, label, () => ledger.holds(update), update);
  }

  /**
   * A refusal (`send` answers how many characters it added at the end of the text), typing at
   * `then` before it arrives (never next to what was refused), and the resync it calls for.
   */
  async refused(index: number, send: () => number, then: number[]): Promise<void> {
    if (!(await this.ready(index))) return;
    const peer = this.peers[index]!;
    const added = send();
    for (const raw of then) {
      const local = peer.text.toString();
      this.edit(
        index,
        fitIndex(local.slice(0, local.length - added), raw),
        0,
        ' typed on ',
        'typed after',
      );
    }
    const answered = await until(() => peer.refused.length > 0 || !peer.online, 15_000);
    await until(() => peer.pending === 0 || !peer.online, 5_000);
    this.note(
      `  refusal: ${answered ? peer.refused.join(', ') || 'connection closed' : 'none came'}`,
    );
    // The copy holds what the server refused: dropped for the server's, refused or cut off.
    if (answered && peer.refused.length === 0) peer.resync();
    await this.ready(index);
  }

  /** The stored text on `instance` with a fresh marker at `raw`. */
  async withMarker(instance: number, raw: number): Promise<{ content: string; marker: string }> {
    const current = (await readDiagram(this.url(instance), this.context.cookie, this.diagramId))
      .content;
    const marker = this.book.next();
    const at = fitIndex(current, raw);
    return { content: current.slice(0, at) + marker + current.slice(at), marker };
  }

  /** A whole-text write (REST, MCP, restore) of `content`; `acks`: the markers it holds. */
  async write(
    what: string,
    content: string,
    acks: string[],
    send: () => Promise<WriteOutcome>,
  ): Promise<void> {
    const start = now();
    let outcome: WriteOutcome;
    try {
      outcome = await send();
    } catch (error) {
      outcome = 'unknown';
      this.note(`  ${what} failed: ${(error as Error).message}`);
    }
    this.note(`  ${what}: ${String(outcome)}`);
    if (outcome === true) for (const marker of acks) this.book.ackedBy(marker, start, what);
    this.book.removal({
      what,
      end: now(),
      possible: () => outcome !== false,
      removes: (marker) => !content.includes(marker),
    });
  }

  destroy(): void {
    for (const peer of this.peers) peer.destroy();
  }
}
