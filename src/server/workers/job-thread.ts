/**
 * Long CPU work off the event loop: one worker thread per kind of job, jobs one at a time, each
 * with a time limit. A job past its limit ends the worker (a new one starts for the next job) and
 * answers the kind's "took too long" error; past a few waiting jobs, new ones answer "busy". The
 * worker module answers with `serveJobs` (job-server.ts); an AppError it throws keeps its status
 * and message. Built on the pattern of the text drawings' worker (text-render/render-text.ts).
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import { READY, type JobAnswer, type JobMessage } from './job-server.js';

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

interface Pending<Result> {
  message: JobMessage<unknown>;
  resolve: (result: Result) => void;
  reject: (error: AppError) => void;
}

// From the TypeScript source (tests, development) the worker registers tsx, a development
// dependency, before loading the worker; the built server starts the compiled worker directly.
const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then(({ register }) => { register(); return import(workerData.url); });
`;

/** Runs jobs of one kind in their worker thread; answers the function that submits one. */
export function jobThread<Job, Result>(options: JobThreadOptions): (job: Job) => Promise<Result> {
  let worker: Worker | null = null;
  let ready = false;
  let running: (Pending<Result> & { timer: NodeJS.Timeout | null }) | null = null;
  const waiting: Pending<Result>[] = [];
  let nextId = 1;

  function startWorker(): Worker {
    const source = import.meta.url.endsWith('.ts');
    const url = new URL(`${options.module.href}.${source ? 'ts' : 'js'}`);
    const started = source
      ? new Worker(FROM_SOURCE, {
          eval: true,
          workerData: { url: url.href, loader: 'tsx/esm/api' },
        })
      : new Worker(url);
    started.on('message', (answer: JobAnswer<Result> | typeof READY) => {
      if (worker !== started) return;
      if (answer === READY) {
        ready = true;
        if (running) running.timer ??= limit();
        return;
      }
      const job = running;
      if (!job || job.message.id !== answer.id) return;
      if (job.timer) clearTimeout(job.timer);
      running = null;
      if ('result' in answer) job.resolve(answer.result);
      else job.reject(new AppError(answer.status, answer.message));
      next();
    });
    started.on('error', () => stopWorker(options.failed()));
    started.on('exit', () => {
      if (worker === started) worker = null;
    });
    ready = false;
    // Held only while it works: an idle worker never keeps the process alive.
    started.unref();
    return started;
  }

  function stopWorker(error: AppError): void {
    const stopped = worker;
    worker = null;
    void stopped?.terminate();
    if (running) {
      if (running.timer) clearTimeout(running.timer);
      running.reject(error);
      running = null;
    }
    next();
  }

  const limit = () => setTimeout(() => stopWorker(options.tooSlow()), options.timeoutMs);

  function next(): void {
    if (running) return;
    const pending = waiting.shift();
    if (!pending) {
      worker?.unref();
      return;
    }
    worker ??= startWorker();
    worker.ref();
    running = { ...pending, timer: ready ? limit() : null };
    worker.postMessage(pending.message);
  }

  return (job: Job) => {
    if (waiting.length >= options.maxWaiting) return Promise.reject(options.busy());
    return new Promise<Result>((resolve, reject) => {
      waiting.push({ message: { id: nextId++, job }, resolve, reject });
      next();
    });
  };
}
