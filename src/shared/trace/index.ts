/** The trace import as the dialog and the API use it: a file's traces, and one drawn. */
import { DIAGRAM_TEXT_MAX } from '../constants.js';
import { buildSequence, spanLabel, type TraceDiagram } from './build.js';
import { TraceFileError, type ParsedFile, type ParsedTrace } from './model.js';
import { TRACE_DEPTH_MAX, type TraceOptions } from './options.js';

export { buildSequence, formatDuration, type TraceDiagram } from './build.js';
export { TraceFileError, type ParsedFile, type ParsedTrace } from './model.js';
export * from './options.js';
export { parseTraceFile } from './parse.js';

/** The largest trace file read, in bytes (the API answers 413 above it, the dialog refuses it). */
export const TRACE_FILE_MAX_BYTES = 32 * 1024 * 1024;

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

/**
 * The drawing with every call when its text fits what the renderer draws; otherwise the deepest
 * depth that fits, with a note saying so (a person can raise it and edit the text).
 */
export function drawTrace(trace: ParsedTrace, options: TraceOptions): TraceDiagram {
  if (options.depth > 0) return buildSequence(trace, options)!;
  const full = buildSequence(trace, options, DIAGRAM_TEXT_MAX);
  if (full) return full;
  let best: TraceDiagram | null = null;
  let bestDepth = 0;
  for (let depth = 1; depth <= TRACE_DEPTH_MAX; depth++) {
    const drawn = buildSequence(trace, { ...options, depth }, DIAGRAM_TEXT_MAX);
    if (!drawn) break;
    best = drawn;
    bestDepth = depth;
    if (drawn.summary.belowDepth === 0) break;
  }
  // Not even one call deep fits: the whole text, for the user to cut by hand.
  if (!best) return buildSequence(trace, options)!;
  return {
    ...best,
    notes: [
      `Drawn ${bestDepth} ${bestDepth === 1 ? 'call' : 'calls'} deep to fit the drawing; choose a depth to change it.`,
      ...best.notes,
    ],
  };
}
