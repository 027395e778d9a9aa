/** The worker side of job-thread.ts and job-worker.ts: answers each job posted to this thread. */
import { parentPort } from 'node:worker_threads';
import { AppError, GENERIC_500 } from '../errors.js';

/** Posted once the worker listens for jobs. */
export const READY = 'ready';

/**
 * Tells the worker's owner it listens for jobs: loading does not count against the first job's
 * time limit, which starts now. (Worker threads keep the process's priority: at a lower one, a
 * machine busy with other processes starved them; see Decisions.)
 */
export function workerReady(): void {
  parentPort?.postMessage(READY);
}

/** A job's answer; job-worker.ts runs one job at a time, so an answer is the running job's. */
export type JobAnswer<Result> = { result: Result } | { status: number; message: string };

/**
 * Answers every job with `work`'s result; an AppError it throws is answered as its status, any
 * other error as the generic 500 (a fault of ours, as it would be on the main thread).
 */
export function serveJobs<Job, Result>(work: (job: Job) => Result | Promise<Result>): void {
  parentPort?.on('message', (job: Job) => {
    void (async () => {
      let answer: JobAnswer<Result>;
      try {
        answer = { result: await work(job) };
      } catch (error) {
        answer =
          error instanceof AppError
            ? { status: error.statusCode, message: error.message }
            : { status: 500, message: GENERIC_500 };
      }
      parentPort?.postMessage(answer);
    })();
  });
  workerReady();
}
