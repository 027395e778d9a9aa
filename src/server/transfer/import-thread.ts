/**
 * Reading an import (inflating zips, decoding and checking thousands of files) runs in a worker
 * thread with a time limit, so the event loop answers everyone else meanwhile: an import past the
 * limit answers 422, and past a few waiting ones the next answers 503.
 */
import { AppError } from '../errors.js';
import { jobThread } from '../workers/job-thread.js';
import type { ImportPlan, UploadedFile } from './import-plan.js';

export const IMPORT_READ_TIMEOUT_MS = 30_000;

/** The plan of what `files` hold (import-plan.ts), or the AppError naming the file at fault. */
export const planInWorker = jobThread<UploadedFile[], ImportPlan>({
  module: new URL('./import-worker', import.meta.url),
  timeoutMs: IMPORT_READ_TIMEOUT_MS,
  maxWaiting: 4,
  tooSlow: () =>
    new AppError(
      422,
      `Reading the import took longer than ${IMPORT_READ_TIMEOUT_MS / 1000} s; import the files in parts.`,
    ),
  busy: () => new AppError(503, 'Too many imports are being read; please try again in a moment.'),
  failed: () => new AppError(503, 'Reading the import failed; please try again.'),
});
