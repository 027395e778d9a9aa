/**
 * Work that can run long, off the event loop: one worker thread runs one job at a time, a job
 * past its time limit ends the worker (a new one starts for the next job), and at most a few jobs
 * wait their turn (more are refused at once). Text drawings and trace imports each have one;
 * job-thread.ts runs the kinds whose workers answer with `serveJobs` (imports, comparisons).
 */
import { Worker, type TransferListItem } from 'node:worker_threads';
import type { AppError } from '../errors.js';
import { READY } from './job-server.js';

export interface JobWorkerOptions {
  /** The worker's module beside the caller's, without its extension (`./text-worker`). */
  script: string;
  /** The caller's import.meta.url: the worker runs from source when the caller does. */
  from: string;
  timeoutMs: number;
  maxWaiting: number;
  /** The answer when a job passes its time limit, when too many wait, when the worker fails. */
  timedOut: () => AppError;
  busy: () => AppError;
  failed: () => AppError;
}

interface Pending<Job, Answer> {
  job: Job;
  transfer: readonly TransferListItem[];
  resolve: (answer: Answer) => void;
  reject: (error: AppError) => void;
}

// From the TypeScript source (tests, development) the worker registers tsx, a development
// dependency, before loading the worker; the built server starts the compiled worker directly.
const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then(({ register }) => { register(); return import(workerData.url); });
`;

/** `run(job)` posts the job to the worker and answers the message it posts back. */
export function jobWorker<Job, Answer>(options: JobWorkerOptions) {
  let worker: Worker | null = null;
  /** Whether the worker has loaded (posted READY): loading does not count against a job's limit. */
  let ready = false;
  let running: (Pending<Job, Answer> & { timer: NodeJS.Timeout | null }) | null = null;
  const limit = () => setTimeout(() => stop(options.timedOut()), options.timeoutMs);
  const waiting: Pending<Job, Answer>[] = [];

  const start = (): Worker => {
    const source = options.from.endsWith('.ts');
    const url = new URL(`${options.script}.${source ? 'ts' : 'js'}`, options.from);
    const started = source
      ? new Worker(FROM_SOURCE, {
          eval: true,
          workerData: { url: url.href, loader: 'tsx/esm/api' },
        })
      : new Worker(url);
    ready = false;
    started.on('message', (answer: Answer | typeof READY) => {
      if (answer === READY) {
        if (worker !== started) return;
        ready = true;
        if (running && running.timer === null) running.timer = limit();
        return;
      }
      const job = running;
      if (!job || worker !== started) return;
      if (job.timer) clearTimeout(job.timer);
      running = null;
      job.resolve(answer);
      next();
    });
    started.on('error', () => {
      if (worker === started) stop(options.failed());
    });
    started.on('exit', () => {
      if (worker === started) stop(options.failed());
    });
    // Held only while it works: an idle worker never keeps the process alive.
    started.unref();
    return started;
  };

  const stop = (error: AppError): void => {
    const stopped = worker;
    worker = null;
    void stopped?.terminate();
    if (running) {
      if (running.timer) clearTimeout(running.timer);
      running.reject(error);
      running = null;
    }
    next();
  };

  const next = (): void => {
    if (running) return;
    const pending = waiting.shift();
    if (!pending) {
      worker?.unref();
      return;
    }
    worker ??= start();
    worker.ref();
    running = { ...pending, timer: ready ? limit() : null };
    worker.postMessage(pending.job, pending.transfer);
  };

  return {
    run(job: Job, transfer: readonly TransferListItem[] = []): Promise<Answer> {
      if (waiting.length >= options.maxWaiting) return Promise.reject(options.busy());
      return new Promise<Answer>((resolve, reject) => {
        waiting.push({ job, transfer, resolve, reject });
        next();
      });
    },
  };
}
