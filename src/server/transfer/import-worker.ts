/** The worker thread that reads uploaded files into an import plan, off the event loop. */
import { serveJobs } from '../workers/job-server.js';
import { planImport, type UploadedFile } from './import-plan.js';

serveJobs((files: UploadedFile[]) => planImport(files));
