/**
 * Runs one job at a time and, when a job finishes, runs only the newest job submitted meanwhile:
 * stale texts are dropped, never rendered. Before taking a job it yields one task so that
 * messages already queued behind a long render are received first.
 */
export interface LatestOnlyQueue<T> {
  submit(job: T): void;
  /**
   * Queues a job that matters less than any submitted one: it is taken only when nothing else is
   * waiting, and a job submitted before it runs replaces it.
   */
  offer(job: T): void;
  /** Resolves when no job is running or pending (for tests and benchmarks). */
  idle(): Promise<void>;
}

export type Yield = () => Promise<void>;

export const yieldToEventLoop: Yield = () =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

export function createLatestOnlyQueue<T>(
  run: (job: T) => Promise<void>,
  yieldTask: Yield = yieldToEventLoop,
): LatestOnlyQueue<T> {
  let pending: { job: T } | null = null;
  let draining: Promise<void> | null = null;

  async function drain() {
    for (;;) {
      await yieldTask();
      if (!pending) {
        draining = null;
        return;
      }
      const { job } = pending;
      pending = null;
      try {
        await run(job);
      } catch (error) {
        // A failed job must not stop later ones; the runner reports its own errors.
        console.error(error);
      }
    }
  }

  return {
    submit(job) {
      pending = { job };
      draining ??= drain();
    },
    offer(job) {
      if (pending) return;
      pending = { job };
      draining ??= drain();
    },
    async idle() {
      while (draining) await draining;
    },
  };
}
