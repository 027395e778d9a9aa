/**
 * The server's one entry to trace files: `drawTraceFile(file, traceId, options)` reads and draws
 * the file in a worker thread, so a 30 MB file or a pathological trace never holds the event
 * loop. It answers the drawing, or throws an AppError whose status and message are the answer to
 * give (400 not a trace, 413 too many spans or too long a text, 422 too complex or too slow to
 * draw, 503 busy).
 */
import type { TraceOptions } from '../../shared/trace/index.js';
import { AppError } from '../errors.js';
import { jobWorker } from '../workers/job-worker.js';
import type { TraceCheck } from '../../shared/trace/check.js';
import type {
  TraceAnswer,
  TraceCheckJob,
  TraceChecked,
  TraceDrawn,
  TraceJob,
} from './trace-worker.js';

export type { TraceDrawn } from './trace-worker.js';

/** Longest a trace may take to read and draw; some 50,000 spans take a few seconds. */
export const TRACE_IMPORT_TIMEOUT_MS = 20_000;

const worker = jobWorker<TraceJob | TraceCheckJob, TraceAnswer>({
  script: './trace-worker',
  from: import.meta.url,
  timeoutMs: TRACE_IMPORT_TIMEOUT_MS,
  maxWaiting: 4,
  timedOut: () =>
    new AppError(
      422,
      `The trace took longer than ${TRACE_IMPORT_TIMEOUT_MS / 1000} s to read and draw; it is too large or too complex. Export a smaller part of it, or choose a depth.`,
    ),
  busy: () =>
    new AppError(503, 'Too many trace imports are waiting; please try again in a moment.'),
  failed: () => new AppError(503, 'Reading the trace failed; please try again.'),
});

/** `chunks` are handed to the worker (they are empty here afterwards). */
export async function drawTraceFile(
  chunks: Uint8Array[],
  traceId: string | undefined,
  options: TraceOptions,
  contentType?: string,
): Promise<TraceDrawn> {
  const transfer = chunks.map((chunk) => chunk.buffer as ArrayBuffer);
  const answer = await worker.run({ chunks, contentType, traceId, options }, transfer);
  if ('drawn' in answer) return answer.drawn;
  if ('checked' in answer) throw new AppError(503, 'Reading the trace failed; please try again.');
  throw new AppError(answer.status, answer.message);
}

/**
 * The diagram's text checked against the traces of each file, read in the same worker: 400 for a
 * file that is not a trace, 413 too many spans, 422 too slow, 503 busy. `chunks` are handed over.
 */
export async function checkTraceFiles(
  diagram: string,
  files: { chunks: Uint8Array[]; contentType: string | undefined }[],
): Promise<TraceCheck> {
  return (await checkAndDraw(diagram, files, false)).check;
}

/** The check, and with `drawing` the text and marks that draw it. */
export async function checkAndDraw(
  diagram: string,
  files: { chunks: Uint8Array[]; contentType: string | undefined }[],
  drawing: boolean,
): Promise<TraceChecked> {
  const transfer = files.flatMap(({ chunks }) =>
    chunks.map((chunk) => chunk.buffer as ArrayBuffer),
  );
  const answer = await worker.run({ check: { diagram, files, drawing } }, transfer);
  if ('checked' in answer) return answer.checked;
  if ('drawn' in answer) throw new AppError(503, 'Reading the trace failed; please try again.');
  throw new AppError(answer.status, answer.message);
}
