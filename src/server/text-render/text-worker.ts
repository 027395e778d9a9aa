/** The worker thread that draws diagrams as text, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { workerReady } from '../workers/job-server.js';
import {
  drawText,
  TextDiagramError,
  type TextFormat,
} from '../../shared/text-drawing/render-text.js';

export interface TextJob {
  id: number;
  source: string;
  format: TextFormat;
}

export type TextAnswer =
  | { id: number; text: string }
  | { id: number; problem: TextDiagramError['problem']; message: string };

parentPort?.on('message', (job: TextJob) => {
  let answer: TextAnswer;
  try {
    answer = { id: job.id, text: drawText(job.source, job.format) };
  } catch (error) {
    answer =
      error instanceof TextDiagramError
        ? { id: job.id, problem: error.problem, message: error.message }
        : { id: job.id, problem: 'invalid', message: 'The diagram could not be drawn as text.' };
  }
  parentPort?.postMessage(answer);
});
workerReady();
