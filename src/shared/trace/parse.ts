/** A trace file's text → its format and traces, or a TraceFileError saying what is wrong. */
import { parseJaegerTrace } from './jaeger.js';
import {
  groupByTrace,
  TRACE_SPANS_MAX,
  TraceFileError,
  TraceLimitError,
  type ParsedFile,
  type TraceFormat,
  type TraceSpan,
} from './model.js';
import { parseOtlp } from './otlp.js';
import { parseZipkin } from './zipkin.js';

export const NOT_A_TRACE =
  'This is not a trace file. Lifeline reads OpenTelemetry OTLP (JSON with resourceSpans, or protobuf), Grafana Tempo’s answer (batches), Jaeger JSON (data or spans with traceID, or the v3 API’s result) and Zipkin JSON, v2 or v1 (a list of spans with traceId and id).';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readJson(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch (error) {
    // One JSON document per line (the collector's file exporter, OTLP JSON lines).
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    if (lines.length > 1) {
      return lines.map((line, index) => {
        try {
          return JSON.parse(line) as unknown;
        } catch {
          throw new TraceFileError(
            index === lines.length - 1
              ? `The file is cut short: its last line (${index + 1}) is not complete JSON.`
              : `Line ${index + 1} is not valid JSON.`,
          );
        }
      });
    }
    const message = error instanceof Error ? error.message : '';
    if (/end of (JSON|data)|Unterminated|unexpected end/i.test(message)) {
      throw new TraceFileError('The file is cut short: its JSON ends before it is complete.');
    }
    throw new TraceFileError(`The file is not valid JSON (${message.slice(0, 120)}).`);
  }
}

/**
 * The OTLP inside the wrappers trace APIs answer with: Grafana Tempo's `{"batches": […]}` (v1)
 * and `{"trace": {…}}` (v2), Jaeger's v3 API `{"result": {…}}`. Anything else is as it was.
 */
function unwrap(document: unknown): unknown {
  if (!isObject(document)) return document;
  if (Array.isArray(document.batches)) return { resourceSpans: document.batches };
  for (const key of ['result', 'trace'] as const) {
    const inner = document[key];
    if (isObject(inner) && 'resourceSpans' in inner) return inner;
  }
  return document;
}

/** A trace API's error answer saved as the file (`{"error": {"message": …}}`), said plainly. */
function apiError(document: unknown): string | null {
  if (!isObject(document) || !isObject(document.error)) return null;
  const message = document.error.message;
  return typeof message === 'string' ? message.slice(0, 200) : null;
}

function formatOf(document: unknown): TraceFormat | null {
  if (isObject(document)) {
    if ('resourceSpans' in document) return 'otlp';
    if (
      'data' in document ||
      ('spans' in document && ('traceID' in document || 'processes' in document))
    )
      return 'jaeger';
    return null;
  }
  if (!Array.isArray(document)) return null;
  const first: unknown = Array.isArray(document[0]) ? document[0][0] : document[0];
  if (isObject(first) && 'traceId' in first && 'id' in first) return 'zipkin';
  if (isObject(first) && 'spans' in first && 'traceID' in first) return 'jaeger';
  return null;
}

function jaegerSpans(document: unknown): TraceSpan[] {
  const data = isObject(document) && 'data' in document ? document.data : document;
  const traces = Array.isArray(data) ? data : [data];
  return traces.flatMap((trace, index) =>
    parseJaegerTrace(trace, traces.length > 1 ? `trace ${index + 1}: ` : ''),
  );
}

function zipkinSpans(document: unknown[]): TraceSpan[] {
  if (!Array.isArray(document[0])) return parseZipkin(document, '');
  return document.flatMap((trace, index) => parseZipkin(trace, `trace ${index + 1}: `));
}

export function parseTraceFile(text: string): ParsedFile {
  if (text.trim() === '') throw new TraceFileError('The file is empty.');
  return parseTraceDocuments(readJson(text).map(unwrap));
}

/** Trace documents already read (JSON, or OTLP protobuf decoded) → the file's traces. */
export function parseTraceDocuments(documents: readonly unknown[]): ParsedFile {
  const format = formatOf(documents[0]);
  if (!format) {
    const error = apiError(documents[0]);
    if (error !== null) {
      throw new TraceFileError(
        `The file is an error answer from the trace API, not a trace: “${error}”.`,
      );
    }
    throw new TraceFileError(NOT_A_TRACE);
  }
  const other = documents.findIndex((document) => formatOf(document) !== format);
  if (other >= 0) {
    throw new TraceFileError(`Line ${other + 1} is not ${format} like the lines before it.`);
  }
  const spans =
    format === 'otlp'
      ? parseOtlp(documents)
      : format === 'jaeger'
        ? documents.flatMap(jaegerSpans)
        : documents.flatMap((document) => zipkinSpans(document as unknown[]));
  if (spans.length === 0) throw new TraceFileError('The file holds no spans.');
  if (spans.length > TRACE_SPANS_MAX) {
    throw new TraceLimitError(
      413,
      `The file holds ${spans.length.toLocaleString('en')} spans; at most ${TRACE_SPANS_MAX.toLocaleString('en')} are read. Export one trace, or a part of it.`,
    );
  }
  return { format, traces: groupByTrace(spans) };
}
