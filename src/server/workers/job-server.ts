/** The worker side of job-thread.ts: answers each job posted to this worker thread. */
import { parentPort } from 'node:worker_threads';
import { AppError, GENERIC_500 } from '../errors.js';

export interface JobMessage<Job> {
  id: number;
  job: Job;
}

/** Posted once the worker listens for jobs. */
export const READY = 'ready';

export type JobAnswer<Result> =
  { id: number; result: Result } | { id: number; status: number; message: string };

/**
 * Answers every job with `work`'s result; an AppError it throws is answered as its status, any
 * other error as the generic 500 (a fault of ours, as it would be on the main thread).
 */
export function serveJobs<Job, Result>(work: (job: Job) => Result | Promise<Result>): void {
  parentPort?.on('message', (message: JobMessage<Job>) => {
    void (async () => {
      let answer: JobAnswer<Result>;
      try {
        answer = { id: message.id, result: await work(message.job) };
      } catch (error) {
        answer =
          error instanceof AppError
            ? { id: message.id, status: error.statusCode, message: error.message }
            : { id: message.id, status: 500, message: GENERIC_500 };
      }
      parentPort?.postMessage(answer);
    })();
  });
  // Loading the worker does not count against a job's time limit: the limit starts now.
  parentPort?.postMessage(READY);
}
