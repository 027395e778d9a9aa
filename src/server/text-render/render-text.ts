/**
 * The server's one entry to text drawings: `renderText(source, format)` answers the drawing, or
 * throws an AppError whose status and message are the answer to give (400 unsupported kind or
 * unreadable text, 413 too large, 422 took too long, 503 busy). Used by convert, Kroki and MCP.
 *
 * Drawing runs in one worker thread, so no text keeps the event loop: a drawing that takes longer
 * than the time limit ends the worker (a new one starts for the next), and at most a few
 * drawings wait their turn.
 */
import { Worker } from 'node:worker_threads';
import type { TextFormat } from '../../shared/text-diagram/render-text.js';
import { AppError } from '../errors.js';
import type { TextAnswer, TextJob } from './text-worker.js';

export { TEXT_FORMATS, type TextFormat } from '../../shared/text-diagram/render-text.js';

export const TEXT_RENDER_TIMEOUT_MS = 5000;
const MAX_WAITING = 8;

const STATUS = { unsupported: 400, invalid: 400, 'too-large': 413, timeout: 422, busy: 503 };

interface Pending {
  job: TextJob;
  resolve: (text: string) => void;
  reject: (error: AppError) => void;
}

let worker: Worker | null = null;
let running: (Pending & { timer: NodeJS.Timeout }) | null = null;
const waiting: Pending[] = [];
let nextId = 1;

// From the TypeScript source (tests, development) the worker registers tsx, a development
// dependency, before loading the worker; the built server starts the compiled worker directly.
const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.loader).then(({ register }) => { register(); return import(workerData.url); });
`;

function startWorker(): Worker {
  const source = import.meta.url.endsWith('.ts');
  const url = new URL(`./text-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  const started = source
    ? new Worker(FROM_SOURCE, { eval: true, workerData: { url: url.href, loader: 'tsx/esm/api' } })
    : new Worker(url);
  started.on('message', (answer: TextAnswer) => {
    const job = running;
    if (!job || job.job.id !== answer.id) return;
    clearTimeout(job.timer);
    running = null;
    if ('text' in answer) job.resolve(answer.text);
    else job.reject(new AppError(STATUS[answer.problem], answer.message));
    next();
  });
  started.on('error', () =>
    stopWorker(new AppError(503, 'Text drawing failed; please try again.')),
  );
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  // Held only while it draws: an idle worker never keeps the process alive.
  started.unref();
  return started;
}

function stopWorker(error: AppError): void {
  const stopped = worker;
  worker = null;
  void stopped?.terminate();
  if (running) {
    clearTimeout(running.timer);
    running.reject(error);
    running = null;
  }
  next();
}

function next(): void {
  if (running) return;
  const pending = waiting.shift();
  if (!pending) {
    worker?.unref();
    return;
  }
  worker ??= startWorker();
  worker.ref();
  const timer = setTimeout(
    () =>
      stopWorker(
        new AppError(
          422,
          `The diagram took longer than ${TEXT_RENDER_TIMEOUT_MS / 1000} s to draw as text; simplify it or draw it as an image.`,
        ),
      ),
    TEXT_RENDER_TIMEOUT_MS,
  );
  running = { ...pending, timer };
  worker.postMessage(pending.job);
}

/** The text drawing of `source` (`txt`: Unicode box drawing, `ascii`: plain ASCII). */
export function renderText(source: string, format: TextFormat): Promise<string> {
  if (waiting.length >= MAX_WAITING) {
    return Promise.reject(
      new AppError(503, 'Too many text drawings are waiting; please try again in a moment.'),
    );
  }
  return new Promise<string>((resolve, reject) => {
    waiting.push({ job: { id: nextId++, source, format }, resolve, reject });
    next();
  });
}
