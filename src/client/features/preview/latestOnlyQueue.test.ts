import { describe, expect, it, vi } from 'vitest';
import { createLatestOnlyQueue } from './latestOnlyQueue';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('createLatestOnlyQueue', () => {
  it('runs a submitted job', async () => {
    const ran: string[] = [];
    const queue = createLatestOnlyQueue(async (job: string) => {
      ran.push(job);
    });
    queue.submit('a');
    await queue.idle();
    expect(ran).toEqual(['a']);
  });

  it('while a job runs, keeps only the newest submission and drops the stale ones', async () => {
    const ran: string[] = [];
    const gate = deferred();
    const queue = createLatestOnlyQueue(async (job: string) => {
      ran.push(job);
      if (job === 'first') await gate.promise;
    });
    queue.submit('first');
    // Wait until 'first' has started: the queue yields a task before taking a job.
    await vi.waitFor(() => expect(ran).toEqual(['first']));
    queue.submit('second');
    queue.submit('third');
    queue.submit('fourth');
    gate.resolve();
    await queue.idle();
    expect(ran).toEqual(['first', 'fourth']);
  });

  it('takes jobs that arrive before the first one starts as one (the newest)', async () => {
    const ran: number[] = [];
    const queue = createLatestOnlyQueue(async (job: number) => {
      ran.push(job);
    });
    for (let i = 1; i <= 5; i++) queue.submit(i);
    await queue.idle();
    expect(ran).toEqual([5]);
  });

  it('keeps going after a failed job', async () => {
    const ran: string[] = [];
    const queue = createLatestOnlyQueue(async (job: string) => {
      ran.push(job);
      if (job === 'bad') throw new Error('render failed');
    });
    const originalError = console.error;
    console.error = () => {};
    try {
      queue.submit('bad');
      await queue.idle();
      queue.submit('good');
      await queue.idle();
    } finally {
      console.error = originalError;
    }
    expect(ran).toEqual(['bad', 'good']);
  });
});
