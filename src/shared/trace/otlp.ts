/** OTLP/JSON (the OTLP/HTTP exporter's and the collector's file exporter's output) → spans. */
import { z } from '../zod.js';
import {
  attributeText,
  exceptionText,
  nanosToMicros,
  spanProblem,
  normaliseId,
  readAttributes,
  TraceFileError,
  type EventText,
  type SpanKind,
  type SpanProblem,
  type TraceSpan,
} from './model.js';
import { checked } from './validate.js';

const anyValue = z
  .object({
    stringValue: z.string().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
    boolValue: z.boolean().optional(),
  })
  .optional();
const attributes = z.array(z.object({ key: z.string(), value: anyValue })).optional();
const nanos = z.union([z.string(), z.number()]);

const span = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string().optional(),
  kind: z.union([z.number(), z.string()]).optional(),
  startTimeUnixNano: nanos,
  endTimeUnixNano: nanos,
  attributes,
  status: z
    .object({
      code: z.union([z.number(), z.string()]).optional(),
      message: z.string().optional(),
    })
    .optional(),
  events: z.array(z.object({ name: z.string().optional(), attributes })).optional(),
  links: z
    .array(z.object({ traceId: z.string().optional(), spanId: z.string().optional() }))
    .optional(),
});
const scopeSpans = z.array(z.object({ spans: z.array(span).optional() })).optional();

export const otlpDocument = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes }).optional(),
      scopeSpans,
      // Before OTLP 0.15 the scope was called the instrumentation library.
      instrumentationLibrarySpans: scopeSpans,
    }),
  ),
});

const KINDS: Record<string, SpanKind> = {
  '2': 'server',
  '3': 'client',
  '4': 'producer',
  '5': 'consumer',
  SPAN_KIND_SERVER: 'server',
  SPAN_KIND_CLIENT: 'client',
  SPAN_KIND_PRODUCER: 'producer',
  SPAN_KIND_CONSUMER: 'consumer',
};

type Attributes = z.infer<typeof attributes>;

function lookup(list: Attributes): Map<string, string> {
  const map = new Map<string, string>();
  for (const { key, value } of list ?? []) {
    const text = attributeText(
      value?.stringValue ?? value?.intValue ?? value?.doubleValue ?? value?.boolValue,
    );
    if (text !== null) map.set(key, text);
  }
  return map;
}

export function parseOtlp(documents: readonly unknown[]): TraceSpan[] {
  const spans: TraceSpan[] = [];
  documents.forEach((raw, line) => {
    const where = documents.length > 1 ? `line ${line + 1}: ` : '';
    const document = checked(otlpDocument, raw, where);
    for (const resource of document.resourceSpans) {
      const resourceAttributes = lookup(resource.resource?.attributes);
      const scopes = [
        ...(resource.scopeSpans ?? []),
        ...(resource.instrumentationLibrarySpans ?? []),
      ];
      for (const scope of scopes) {
        for (const s of scope.spans ?? []) spans.push(toSpan(s, resourceAttributes, where));
      }
    }
  });
  return spans;
}

function toSpan(s: z.infer<typeof span>, resource: Map<string, string>, where: string): TraceSpan {
  const own = lookup(s.attributes);
  const get = (key: string) => own.get(key) ?? resource.get(key) ?? null;
  const read = readAttributes(get);
  const id = normaliseId(s.spanId, 16);
  const traceId = normaliseId(s.traceId, 32);
  const start = nanosToMicros(s.startTimeUnixNano);
  const end = nanosToMicros(s.endTimeUnixNano);
  if (!id || !traceId)
    throw new TraceFileError(`${where}a span has an empty or overlong traceId or spanId`);
  if (start === null || end === null) {
    throw new TraceFileError(
      `${where}span ${id} has a start or end time that is not a number of nanoseconds`,
    );
  }
  const code = s.status?.code;
  const error = code === 2 || code === 'STATUS_CODE_ERROR' || read.error;
  // A span that names no parent but links to a span of its own trace was started by that span
  // (a batch consumer, a scheduled follow-up): that link is its parent, asynchronously.
  let parentId = normaliseId(s.parentSpanId, 16);
  let follows = false;
  if (parentId === null) {
    const link = s.links?.find((l) => normaliseId(l.traceId, 32) === traceId && l.spanId);
    const linked = link ? normaliseId(link.spanId, 16) : null;
    if (linked && linked !== id) {
      parentId = linked;
      follows = true;
    }
  }
  return {
    id,
    parentId,
    traceId,
    name: s.name ?? '',
    service: resource.get('service.name') || 'unknown service',
    instance: get('service.instance.id'),
    host: read.host,
    kind: KINDS[String(s.kind ?? '')] ?? 'internal',
    start,
    duration: Math.max(0, end - start),
    error,
    route: read.route,
    rpc: read.rpc,
    remote: read.remote,
    follows,
    problem: error ? problemOf(s) : null,
  };
}

/** Its exception events (type: message), else its error status's message, then its other events. */
function problemOf(s: z.infer<typeof span>): SpanProblem | null {
  function* events(): Generator<EventText> {
    for (const event of s.events ?? []) {
      if (event.name !== 'exception') {
        yield { text: event.name ?? null, exception: false };
        continue;
      }
      const attributes = lookup(event.attributes);
      const text = exceptionText(
        attributes.get('exception.type') ?? null,
        attributes.get('exception.message') ?? null,
      );
      yield { text: text ?? event.name, exception: true };
    }
  }
  return spanProblem(events(), s.status?.message || null);
}
