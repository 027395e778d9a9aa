/** The worker thread that reads, draws and checks diagrams against trace files, off the server's event loop. */
import { parentPort } from 'node:worker_threads';
import { workerReady } from '../workers/job-server.js';
import { CONTENT_MAX } from '../../shared/schemas.js';
import { parseTraceBytes } from '../../shared/trace/bytes.js';
import { checkDrawing } from '../../shared/trace/check-drawing.js';
import { checkDiagram, type TraceCheck } from '../../shared/trace/check.js';
import {
  chooseTrace,
  drawTrace,
  TraceFileError,
  TraceLimitError,
  type TraceFormat,
  type TraceOptions,
} from '../../shared/trace/index.js';

export interface TraceJob {
  /** The file as it arrived: joined and decoded here, so not even that holds the event loop. */
  chunks: Uint8Array[];
  /** The request's Content-Type: `application/x-protobuf` is OTLP protobuf whatever it starts with. */
  contentType: string | undefined;
  traceId: string | undefined;
  options: TraceOptions;
}

/** Check `diagram` (its text) against every trace in the file, each file of `files` in turn. */
export interface TraceCheckJob {
  check: {
    diagram: string;
    files: { chunks: Uint8Array[]; contentType: string | undefined }[];
    /** Also the diagram's text and marks for drawing the check (check-drawing.ts). */
    drawing: boolean;
  };
}

export interface TraceChecked {
  check: TraceCheck;
  drawing: ReturnType<typeof checkDrawing> | null;
}

export interface TraceDrawn {
  content: string;
  title: string;
  traceId: string;
  format: TraceFormat;
  notes: string[];
}

export type TraceAnswer =
  { drawn: TraceDrawn } | { checked: TraceChecked } | { status: 400 | 413 | 422; message: string };

export const TOO_LONG_TO_STORE =
  'The diagram would be longer than a diagram can be; choose a smaller depth.';

function answer(job: TraceJob | TraceCheckJob): TraceAnswer {
  try {
    if ('check' in job) {
      const { diagram, files, drawing } = job.check;
      const traces = files.flatMap(
        ({ chunks, contentType }) => parseTraceBytes(Buffer.concat(chunks), contentType).traces,
      );
      const check = checkDiagram(diagram, traces);
      return { checked: { check, drawing: drawing ? checkDrawing(diagram, check) : null } };
    }
    const file = parseTraceBytes(Buffer.concat(job.chunks), job.contentType);
    const trace = chooseTrace(file, job.traceId);
    const diagram = drawTrace(trace, job.options);
    if (diagram.text.length > CONTENT_MAX) return { status: 413, message: TOO_LONG_TO_STORE };
    const { title, notes } = diagram;
    return {
      drawn: { content: diagram.text, title, traceId: trace.traceId, format: file.format, notes },
    };
  } catch (error) {
    if (error instanceof TraceLimitError) return { status: error.status, message: error.message };
    if (error instanceof TraceFileError) return { status: 400, message: error.message };
    return { status: 422, message: 'The trace could not be drawn; check that it is a trace file.' };
  }
}

parentPort?.on('message', (job: TraceJob | TraceCheckJob) => parentPort?.postMessage(answer(job)));
workerReady();
