/** The worker thread that compares two versions, off the server's event loop (diff-thread.ts). */
import { diffDiagrams } from '../../shared/diagram-diff/compare.js';
import { diffDrawing } from '../../shared/diagram-diff/drawing.js';
import { serveJobs } from '../workers/job-server.js';

export type DiffJob =
  | { kind: 'compare'; from: string; to: string }
  | { kind: 'drawing'; from: string; to: string; withRemoved: boolean };

serveJobs((job: DiffJob) =>
  job.kind === 'compare'
    ? diffDiagrams(job.from, job.to)
    : diffDrawing(job.from, job.to, job.withRemoved),
);
