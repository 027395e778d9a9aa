import { describe, expect, it } from 'vitest';
import { createLatestOnlyQueue } from './latestOnlyQueue';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** A queue whose jobs return at once; `ran` lists the jobs taken. */
function recordingQueue<T>() {
  const ran: T[] = [];
  const queue = createLatestOnlyQueue(async (job: T) => {
    ran.push(job);
  });
  return { queue, ran };
}

/** A queue whose job 'first' runs until `release` is called; `ran` lists the jobs taken. */
async function queueBusyWithFirst() {
  const ran: string[] = [];
  const gate = deferred();
  const started = deferred();
  const queue = createLatestOnlyQueue(async (job: string) => {
    ran.push(job);
    if (job !== 'first') return;
    started.resolve();
    await gate.promise;
  });
  queue.submit('first');
  // The queue yields a task (through a MessageChannel) before taking a job: wait for the job
  // itself to say it runs, however long that task takes to come.
  await started.promise;
  expect(ran).toEqual(['first']);
  return { queue, ran, release: gate.resolve };
}

describe('createLatestOnlyQueue', () => {
  it('runs a submitted job', async () => {
    const { queue, ran } = recordingQueue<string>();
    queue.submit('a');
    await queue.idle();
    expect(ran).toEqual(['a']);
  });

  it('while a job runs, keeps only the newest submission and drops the stale ones', async () => {
    const { queue, ran, release } = await queueBusyWithFirst();
    queue.submit('second');
    queue.submit('third');
    queue.submit('fourth');
    release();
    await queue.idle();
    expect(ran).toEqual(['first', 'fourth']);
  });

  it('takes jobs that arrive before the first one starts as one (the newest)', async () => {
    const { queue, ran } = recordingQueue<number>();
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

  it('takes an offered job when nothing else waits', async () => {
    const { queue, ran } = recordingQueue<string>();
    queue.offer('warm');
    await queue.idle();
    expect(ran).toEqual(['warm']);
  });

  it('never lets an offered job replace a submitted one', async () => {
    const { queue, ran, release } = await queueBusyWithFirst();
    queue.submit('newest');
    queue.offer('warm');
    release();
    await queue.idle();
    expect(ran).toEqual(['first', 'newest']);
  });

  it('drops an offered job that a submitted one overtakes before it starts', async () => {
    const { queue, ran, release } = await queueBusyWithFirst();
    queue.offer('warm');
    queue.submit('newest');
    release();
    await queue.idle();
    expect(ran).toEqual(['first', 'newest']);
  });
});
