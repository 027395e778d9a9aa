/** The trace import as the dialog and the API use it: a file's traces, and one drawn. */
import { DIAGRAM_TEXT_MAX } from '../constants.js';
import { CONTENT_MAX } from '../schemas.js';
import { drawPrepared, spanLabel, type TraceDiagram } from './build.js';
import { TraceFileError, TraceLimitError, type ParsedFile, type ParsedTrace } from './model.js';
import { TRACE_DEPTH_MAX, type TraceOptions } from './options.js';
import { prepareTrace } from './prepare.js';

export { buildSequence, formatDuration, type TraceDiagram } from './build.js';
export {
  TRACE_FILE_MAX_BYTES,
  TRACE_SPANS_MAX,
  TraceFileError,
  TraceLimitError,
  type ParsedFile,
  type ParsedTrace,
  type TraceFormat,
} from './model.js';
export * from './options.js';
export { parseTraceFile } from './parse.js';

export interface TraceChoice {
  traceId: string;
  /** "service: span name" of the earliest root. */
  root: string;
  spans: number;
  /** Microseconds from the first start to the last end. */
  duration: number;
  start: number;
}

export function traceChoices(file: ParsedFile): TraceChoice[] {
  return file.traces.map(({ traceId, spans }) => {
    let first = spans[0]!;
    let end = -Infinity;
    for (const span of spans) {
      if (span.start < first.start) first = span;
      end = Math.max(end, span.start + span.duration);
    }
    const root = spans.find((span) => span.parentId === null) ?? first;
    return {
      traceId,
      root: `${root.service}: ${spanLabel(root, 80)}`,
      spans: spans.length,
      duration: Math.max(0, end - first.start),
      start: first.start,
    };
  });
}

/** The trace the user named, or the only one; several and none named is a question for them. */
export function chooseTrace(file: ParsedFile, traceId?: string): ParsedTrace {
  if (traceId) {
    const trace = file.traces.find((t) => t.traceId === traceId.toLowerCase());
    if (!trace) throw new TraceFileError(`The file holds no trace ${traceId}.`);
    return trace;
  }
  if (file.traces.length === 1) return file.traces[0]!;
  const ids = file.traces.slice(0, 5).map((t) => t.traceId);
  throw new TraceFileError(
    `The file holds ${file.traces.length} traces; choose one with traceId (${ids.join(', ')}${file.traces.length > 5 ? ', …' : ''}).`,
  );
}

/** How to have the calls a drawing cut off, in the dialog's words and the API's. */
export const GET_THE_REST =
  'To draw deeper calls, choose a larger depth (Depth in the dialog, depth= in the API) and remove the calls you do not need from the text; a check against the trace counts every call.';

/**
 * The drawing with every call when its text fits what the renderer draws; otherwise the deepest
 * depth that fits, with a note saying so (a person can raise it and edit the text). One walk
 * draws everything and measures the text at every depth; a second draws the depth chosen.
 */
export function drawTrace(trace: ParsedTrace, options: TraceOptions): TraceDiagram {
  const prepared = prepareTrace(trace, options);
  if (options.depth > 0) {
    const drawn = drawPrepared(prepared, options.depth)!;
    if (drawn.summary.belowDepth === 0) return counted(drawn, 1);
    const calls = `${options.depth} ${options.depth === 1 ? 'call' : 'calls'}`;
    return counted(
      {
        ...drawn,
        notes: [
          `Drawn ${calls} deep, as chosen: a larger depth draws the deeper calls, and 0 all that fit the drawing.`,
          ...drawn.notes,
        ],
      },
      1,
    );
  }
  const levels = new Float64Array(TRACE_DEPTH_MAX + 2);
  const full = drawPrepared(prepared, 0, DIAGRAM_TEXT_MAX, levels);
  if (full) return counted(full, 1);
  let fits = 0;
  let length = levels[0]!;
  for (let depth = 1; depth <= TRACE_DEPTH_MAX; depth++) {
    length += levels[depth]!;
    if (length > DIAGRAM_TEXT_MAX) break;
    fits = depth;
  }
  let passes = 1;
  // The measure is close but not exact (a cut can fold calls it kept apart): one step back,
  // then the shallowest drawing, each within the limit.
  for (const depth of new Set([fits, fits - 1, 1])) {
    if (depth < 1) continue;
    passes += 1;
    const drawn = drawPrepared(prepared, depth, DIAGRAM_TEXT_MAX);
    if (!drawn) continue;
    return counted(
      {
        ...drawn,
        notes: [
          `Drawn ${depth} ${depth === 1 ? 'call' : 'calls'} deep to fit the drawing (at most ${DIAGRAM_TEXT_MAX.toLocaleString('en')} characters). ${GET_THE_REST}`,
          ...drawn.notes,
        ],
      },
      passes,
    );
  }
  // Not even one call deep fits the renderer: that text still, for the user to cut by hand.
  const shallow = drawPrepared(prepared, 1, CONTENT_MAX);
  if (!shallow) {
    throw new TraceLimitError(
      422,
      `The trace has too many calls to draw: even one call deep its diagram would be longer than ${CONTENT_MAX.toLocaleString('en')} characters. Export a smaller part of it.`,
    );
  }
  return counted(
    {
      ...shallow,
      notes: [
        `Even one call deep the diagram is longer than the renderer draws (${DIAGRAM_TEXT_MAX.toLocaleString('en')} characters); remove calls from the text to draw it.`,
        ...shallow.notes,
      ],
    },
    passes + 1,
  );
}

const counted = (diagram: TraceDiagram, passes: number): TraceDiagram => ({
  ...diagram,
  summary: { ...diagram.summary, passes },
});
