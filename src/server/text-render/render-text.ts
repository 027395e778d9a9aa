/**
 * The server's one entry to text drawings: `renderText(source, format)` answers the drawing, or
 * throws an AppError whose status and message are the answer to give (400 unsupported kind or
 * unreadable text, 413 too large, 422 took too long, 503 busy). Used by convert, Kroki and MCP.
 *
 * Drawing runs in one worker thread, so no text keeps the event loop: a drawing that takes longer
 * than the time limit ends the worker (a new one starts for the next), and at most a few
 * drawings wait their turn.
 */
import type { TextFormat } from '../../shared/text-drawing/render-text.js';
import { AppError } from '../errors.js';
import { jobWorker } from '../workers/job-worker.js';
import type { TextAnswer, TextJob } from './text-worker.js';

export type { TextFormat } from '../../shared/text-drawing/render-text.js';

export const TEXT_RENDER_TIMEOUT_MS = 5000;
const STATUS = { unsupported: 400, invalid: 400, 'too-large': 413, timeout: 422, busy: 503 };

const worker = jobWorker<TextJob, TextAnswer>({
  script: './text-worker',
  from: import.meta.url,
  timeoutMs: TEXT_RENDER_TIMEOUT_MS,
  maxWaiting: 8,
  timedOut: () =>
    new AppError(
      422,
      `The diagram took longer than ${TEXT_RENDER_TIMEOUT_MS / 1000} s to draw as text; simplify it or draw it as an image.`,
    ),
  busy: () =>
    new AppError(503, 'Too many text drawings are waiting; please try again in a moment.'),
  failed: () => new AppError(503, 'Text drawing failed; please try again.'),
});
let nextId = 1;

/** The text drawing of `source` (`txt`: Unicode box drawing, `ascii`: plain ASCII). */
export async function renderText(source: string, format: TextFormat): Promise<string> {
  const answer = await worker.run({ id: nextId++, source, format });
  if ('text' in answer) return answer.text;
  throw new AppError(STATUS[answer.problem], answer.message);
}
