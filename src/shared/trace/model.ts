/**
 * One span model for every trace format: what the diagram needs and nothing more. Times are
 * microseconds since the epoch (OTLP's nanoseconds would not fit a double exactly).
 */

export type SpanKind = 'server' | 'client' | 'producer' | 'consumer' | 'internal';
export type TraceFormat = 'otlp' | 'jaeger' | 'zipkin';

export interface TraceSpan {
  id: string;
  /** null for a root; may name a span that is not in the file. */
  parentId: string | null;
  traceId: string;
  name: string;
  service: string;
  /** service.instance.id, or the address and port. */
  instance: string | null;
  /** host.name, or the address. */
  host: string | null;
  kind: SpanKind;
  start: number;
  duration: number;
  error: boolean;
  /** HTTP route or target path. */
  route: string | null;
  /** RPC service/method. */
  rpc: string | null;
  /** The service a client or producer span calls when it recorded one (peer.service, remoteEndpoint). */
  remote: string | null;
  /**
   * Its parent started it without waiting for it: Jaeger's FOLLOWS_FROM, or an OTLP span link
   * standing in for a parent the span does not name. Drawn as an asynchronous message.
   */
  follows: boolean;
  /** What a failing span recorded, for the note beside its reply; null for a span without error. */
  problem: SpanProblem | null;
}

/** Events a failing span's note lists; past these it says how many more the span recorded. */
export const NOTE_EVENTS_MAX = 3;
/** Characters kept of one event's text (the drawing shortens each line further). */
export const NOTE_EVENT_TEXT_MAX = 200;

/** What went wrong in a failing span, as the lines of its note. */
export interface SpanProblem {
  /**
   * Its exceptions (type: message), else its error message, then its other events' names, in
   * the order the file gives them; at most NOTE_EVENTS_MAX, each at most NOTE_EVENT_TEXT_MAX.
   */
  lines: string[];
  /** Events recorded beyond those lines. */
  more: number;
}

/** One span event (an OTLP event, a Jaeger log, a Zipkin annotation) as a note would list it. */
export interface EventText {
  /** An exception's "type: message", another event's name; null or '' when it has neither. */
  text: string | null;
  exception: boolean;
}

const oneLine = (text: string) =>
  text.length > NOTE_EVENT_TEXT_MAX ? `${text.slice(0, NOTE_EVENT_TEXT_MAX - 1)}…` : text;

/**
 * A failing span's note: its exceptions, else its error message (`status`, a message the span
 * states apart from its events), then its other events; bounded whatever the file holds.
 */
export function spanProblem(
  events: Iterable<EventText>,
  status: string | null,
): SpanProblem | null {
  const exceptions: string[] = [];
  const others: string[] = [];
  let exceptionCount = 0;
  let otherCount = 0;
  for (const { text, exception } of events) {
    if (!text?.trim()) continue;
    if (exception) {
      exceptionCount++;
      if (exceptions.length < NOTE_EVENTS_MAX) exceptions.push(oneLine(text));
    } else {
      otherCount++;
      if (others.length < NOTE_EVENTS_MAX) others.push(oneLine(text));
    }
  }
  const first = exceptionCount > 0 ? exceptions : status ? [oneLine(status)] : [];
  const total = (exceptionCount > 0 ? exceptionCount : first.length) + otherCount;
  const lines = [...first, ...others].slice(0, NOTE_EVENTS_MAX);
  return lines.length > 0 ? { lines, more: total - lines.length } : null;
}

export interface ParsedTrace {
  traceId: string;
  spans: TraceSpan[];
}

export interface ParsedFile {
  format: TraceFormat;
  traces: ParsedTrace[];
}

/** The largest trace file read, in bytes (the API answers 413 above it, the dialog refuses it). */
export const TRACE_FILE_MAX_BYTES = 32 * 1024 * 1024;

/**
 * The most spans a file may hold. The renderer draws some 50,000 characters, about a thousand
 * calls, so a larger trace is never drawn whole; past this only reading it would take seconds.
 */
export const TRACE_SPANS_MAX = 50_000;

/** A trace too large or too complex to draw: 413 or 422 from the API, shown in the dialog. */
export class TraceLimitError extends Error {
  constructor(
    readonly status: 413 | 422,
    message: string,
  ) {
    super(message);
    this.name = 'TraceLimitError';
  }
}

/** A problem with the file itself: answered as a 400 by the API, shown in the dialog. */
export class TraceFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TraceFileError';
  }
}

/** Spans grouped into traces, in order of first appearance. */
export function groupByTrace(spans: readonly TraceSpan[]): ParsedTrace[] {
  const byId = new Map<string, ParsedTrace>();
  for (const span of spans) {
    let trace = byId.get(span.traceId);
    if (!trace) {
      trace = { traceId: span.traceId, spans: [] };
      byId.set(span.traceId, trace);
    }
    trace.spans.push(span);
  }
  return [...byId.values()];
}

/** An attribute value as text, whatever its JSON type. */
export function attributeText(value: unknown): string | null {
  if (value == null) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** What the labels use from a span's attributes, read the same way for every format. */
export function readAttributes(get: (key: string) => string | null) {
  const method = get('http.request.method') ?? get('http.method');
  const path = get('http.route') ?? get('url.path') ?? get('http.target') ?? get('http.path');
  const rpcMethod = get('rpc.method');
  const rpcService = get('rpc.service');
  const status = get('otel.status_code');
  const error = get('error');
  return {
    route: path ? (method ? `${method} ${path}` : path) : null,
    rpc: rpcMethod ? (rpcService ? `${rpcService}/${rpcMethod}` : rpcMethod) : null,
    remote: get('peer.service'),
    host: get('host.name') ?? get('hostname') ?? get('host'),
    instance: get('service.instance.id'),
    error: status === 'ERROR' || (error != null && error !== 'false'),
  };
}

/** "Type: message" of an exception, from whichever of the two it has. */
export function exceptionText(type: string | null, message: string | null): string | null {
  if (type && message) return `${type}: ${message}`;
  return message || type || null;
}

/** Microseconds from a nanosecond count written as text or number, without losing precision. */
export function nanosToMicros(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value / 1000 : null;
  if (typeof value !== 'string' || !/^\d{1,25}$/.test(value)) return null;
  return value.length <= 3 ? 0 : Number(value.slice(0, -3)) + Number(value.slice(-3)) / 1000;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A trace or span id as lower-case hex, whether written in hex or (OTLP/JSON protobuf) base64. */
export function normaliseId(value: unknown, hexLength: number): string | null {
  if (typeof value !== 'string' || value === '') return null;
  if (value.length === hexLength && /^[0-9a-fA-F]+$/.test(value)) return value.toLowerCase();
  if (value.length === 4 * Math.ceil(hexLength / 6) && BASE64.test(value)) {
    // Base64 of hexLength / 2 bytes.
    const bytes = atobSafe(value);
    if (bytes !== null && bytes.length === hexLength / 2) {
      let hex = '';
      for (let i = 0; i < bytes.length; i++)
        hex += bytes.charCodeAt(i).toString(16).padStart(2, '0');
      return hex;
    }
  }
  // Other writers (Jaeger's own ids, tests) keep their text as it is.
  return value.length <= 128 ? value.toLowerCase() : null;
}

function atobSafe(value: string): string | null {
  try {
    return atob(value);
  } catch {
    return null;
  }
}
