/**
 * Long CPU work off the event loop, for worker modules that answer with `serveJobs`
 * (job-server.ts): one worker thread per kind of job, jobs one at a time, each with a time limit
 * (job-worker.ts runs them). A job past its limit ends the worker and answers the kind's "took
 * too long" error; past a few waiting jobs, new ones answer "busy"; an AppError the worker throws
 * keeps its status and message.
 */
import { AppError } from '../errors.js';
import type { JobAnswer } from './job-server.js';
import { jobWorker } from './job-worker.js';

export interface JobThreadOptions {
  /** The worker module, without its extension (`.ts` from source, `.js` when built). */
  module: URL;
  timeoutMs: number;
  maxWaiting: number;
  /** The answers when a job is cut at its limit, when too many wait, and when the worker fails. */
  tooSlow: () => AppError;
  busy: () => AppError;
  failed: () => AppError;
}

/** Runs jobs of one kind in their worker thread; answers the function that submits one. */
export function jobThread<Job, Result>(options: JobThreadOptions): (job: Job) => Promise<Result> {
  const worker = jobWorker<Job, JobAnswer<Result>>({
    script: options.module.href,
    // This module's own address says whether the server runs from source (`.ts`) or built.
    from: import.meta.url,
    timeoutMs: options.timeoutMs,
    maxWaiting: options.maxWaiting,
    timedOut: options.tooSlow,
    busy: options.busy,
    failed: options.failed,
  });
  return async (job: Job) => {
    const answer = await worker.run(job);
    if ('result' in answer) return answer.result;
    throw new AppError(answer.status, answer.message);
  };
}
