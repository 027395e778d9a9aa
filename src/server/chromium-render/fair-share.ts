/**
 * Who renders next, fairly between callers (an API token's user, a client address): one caller
 * holds at most half of the pages and half of the waiting places, and waiting renders are taken
 * round-robin across callers, so a caller flooding slow diagrams never starves the others.
 */
import { AppError } from '../errors.js';

/** No place for this caller: it should come back later. Others are not affected. */
export class RendererBusyError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(503, `The renderer is busy. Try again in ${retryAfterSeconds} seconds.`);
  }
}

export interface FairShareOptions {
  pages: number;
  /** Renders allowed to wait, all callers together. */
  queue: number;
}

type Wake = () => void;

export class FairShare {
  readonly pagesPerCaller: number;
  readonly queuePerCaller: number;
  private readonly running = new Map<string, number>();
  /** Waiting renders by caller, in order of arrival. */
  private readonly waiting = new Map<string, Wake[]>();
  /**
   * When each caller with a render running or waiting last got a page (a rising count): the
   * waiting caller served longest ago goes next, whether its last page came from the queue or
   * straight away, so a caller whose first render started at once is not also first in the queue.
   */
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private waitingCount = 0;
  private active = 0;
  private readonly arrivals = new Set<Wake>();

  constructor(private readonly options: FairShareOptions) {
    this.pagesPerCaller = Math.max(1, Math.ceil(options.pages / 2));
    this.queuePerCaller = Math.min(options.queue, Math.max(1, Math.ceil(options.queue / 2)));
  }

  /** Resolves when `caller` may use a page; refuses at once when its share of waiting is full. */
  admit(caller: string): Promise<void> {
    if (this.active < this.options.pages && this.runningOf(caller) < this.pagesPerCaller) {
      this.start(caller);
      return Promise.resolve();
    }
    const own = this.waiting.get(caller) ?? [];
    if (this.waitingCount >= this.options.queue || own.length >= this.queuePerCaller) {
      return Promise.reject(new RendererBusyError(Math.max(1, Math.ceil(own.length / 2))));
    }
    return new Promise((resolve) => {
      own.push(() => {
        this.start(caller);
        resolve();
      });
      this.waiting.set(caller, own);
      this.waitingCount += 1;
      for (const listener of [...this.arrivals]) listener();
    });
  }

  /** A render of `caller` ended: its page passes to the next caller in turn. */
  leave(caller: string): void {
    this.active -= 1;
    const left = this.runningOf(caller) - 1;
    if (left > 0) this.running.set(caller, left);
    else {
      this.running.delete(caller);
      if (!this.waiting.has(caller)) this.lastServed.delete(caller);
    }
    this.dispatch();
  }

  /** True when a caller other than `caller` waits and could take a page freed now. */
  othersWaiting(caller: string): boolean {
    for (const other of this.waiting.keys()) {
      if (other !== caller && this.runningOf(other) < this.pagesPerCaller) return true;
    }
    return false;
  }

  /** Calls `listener` whenever a render starts waiting; answers the unsubscriber. */
  onArrival(listener: Wake): () => void {
    this.arrivals.add(listener);
    return () => this.arrivals.delete(listener);
  }

  /** Lets every waiting render go (the pool is closing; they find it closed). */
  wakeAll(): void {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.lastServed.clear();
    this.waitingCount = 0;
    for (const wake of all) wake();
  }

  /** Pages in use per caller, for tests and diagnostics. */
  load(): { running: Record<string, number>; waiting: number } {
    return { running: Object.fromEntries(this.running), waiting: this.waitingCount };
  }

  private runningOf(caller: string): number {
    return this.running.get(caller) ?? 0;
  }

  private start(caller: string): void {
    this.active += 1;
    this.running.set(caller, this.runningOf(caller) + 1);
    this.served += 1;
    this.lastServed.set(caller, this.served);
  }

  /** The waiting caller that may take a page and was served longest ago (never counts as 0). */
  private nextCaller(): string | undefined {
    let next: string | undefined;
    let nextServed = Infinity;
    for (const candidate of this.waiting.keys()) {
      if (this.runningOf(candidate) >= this.pagesPerCaller) continue;
      const served = this.lastServed.get(candidate) ?? 0;
      if (served < nextServed) {
        next = candidate;
        nextServed = served;
      }
    }
    return next;
  }

  private dispatch(): void {
    while (this.active < this.options.pages) {
      const caller = this.nextCaller();
      if (caller === undefined) return;
      const queue = this.waiting.get(caller)!;
      const wake = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(caller);
      this.waitingCount -= 1;
      wake();
    }
  }
}
