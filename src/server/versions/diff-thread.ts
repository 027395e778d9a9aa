/**
 * Comparing two versions of up to 50,000 characters each can take seconds, so it runs in a
 * worker thread with a time limit: a comparison past the limit answers 422, and past a few
 * waiting ones the next answers 503; the event loop answers everyone else meanwhile.
 */
import type { DiagramDiff } from '../../shared/diagram-diff/schema.js';
import type { DiffDrawing } from '../../shared/diagram-diff/drawing.js';
import { AppError } from '../errors.js';
import { jobThread } from '../workers/job-thread.js';
import type { DiffJob } from './diff-worker.js';

export const DIFF_TIMEOUT_MS = 5000;

const run = jobThread<DiffJob, DiagramDiff | DiffDrawing>({
  module: new URL('./diff-worker', import.meta.url),
  timeoutMs: DIFF_TIMEOUT_MS,
  maxWaiting: 8,
  tooSlow: () =>
    new AppError(
      422,
      `These versions took longer than ${DIFF_TIMEOUT_MS / 1000} s to compare; compare two versions closer in time.`,
    ),
  busy: () => new AppError(503, 'Too many comparisons are waiting; please try again in a moment.'),
  failed: () => new AppError(503, 'Comparing versions failed; please try again.'),
});

/** What changed between two texts (the shared diagram diff). */
export const compareInWorker = (from: string, to: string) =>
  run({ kind: 'compare', from, to }) as Promise<DiagramDiff>;

/** The `to` text to draw with its changes marked (and, `withRemoved`, the removed put back). */
export const drawingInWorker = (from: string, to: string, withRemoved: boolean) =>
  run({ kind: 'drawing', from, to, withRemoved }) as Promise<DiffDrawing>;
