/** Jaeger JSON (the UI's download and the query API: with or without `data`, one or many traces) → spans. */
import { z } from '../zod.js';
import {
  attributeText,
  exceptionText,
  normaliseId,
  readAttributes,
  spanProblem,
  type EventText,
  type SpanKind,
  type SpanProblem,
  type TraceSpan,
} from './model.js';
import { checked } from './validate.js';

const tags = z.array(z.object({ key: z.string(), value: z.unknown() })).nullish();
const process = z.object({ serviceName: z.string(), tags }).loose();

const span = z.object({
  traceID: z.string(),
  spanID: z.string(),
  operationName: z.string().nullish(),
  references: z.array(z.object({ refType: z.string().nullish(), spanID: z.string() })).nullish(),
  parentSpanID: z.string().nullish(),
  startTime: z.number(),
  duration: z.number(),
  tags,
  logs: z.array(z.object({ fields: tags })).nullish(),
  processID: z.string().nullish(),
  process: process.nullish(),
});

export const jaegerTrace = z.object({
  traceID: z.string().optional(),
  spans: z.array(span),
  processes: z.record(z.string(), process).nullish(),
});

const KINDS: Record<string, SpanKind> = {
  server: 'server',
  client: 'client',
  producer: 'producer',
  consumer: 'consumer',
};

function lookup(list: z.infer<typeof tags>): Map<string, string> {
  const map = new Map<string, string>();
  for (const { key, value } of list ?? []) {
    const text = attributeText(value);
    if (text !== null) map.set(key, text);
  }
  return map;
}

/** A Jaeger trace object (already unwrapped from `data`) → spans. */
export function parseJaegerTrace(raw: unknown, where: string): TraceSpan[] {
  const trace = checked(jaegerTrace, raw, where);
  const processes = new Map(
    Object.entries(trace.processes ?? {}).map(([id, p]) => [
      id,
      { name: p.serviceName, tags: lookup(p.tags) },
    ]),
  );
  return trace.spans.map((s) => {
    const inline = s.process ? { name: s.process.serviceName, tags: lookup(s.process.tags) } : null;
    const proc = inline ??
      processes.get(s.processID ?? '') ?? { name: 'unknown service', tags: new Map() };
    const own = lookup(s.tags);
    const get = (key: string) => own.get(key) ?? proc.tags.get(key) ?? null;
    const read = readAttributes(get);
    const parentRef = s.references?.find((r) => r.refType !== 'FOLLOWS_FROM') ?? s.references?.[0];
    const follows = parentRef?.refType === 'FOLLOWS_FROM';
    const id = normaliseId(s.spanID, 16) ?? s.spanID;
    return {
      id,
      parentId: normaliseId(parentRef?.spanID ?? s.parentSpanID ?? '', 16),
      traceId: normaliseId(s.traceID, 32) ?? s.traceID,
      name: s.operationName ?? '',
      service: proc.name,
      instance: get('service.instance.id') ?? get('ip'),
      host: read.host ?? get('ip'),
      kind: KINDS[get('span.kind') ?? ''] ?? 'internal',
      start: s.startTime,
      duration: Math.max(0, s.duration),
      error: read.error,
      route: read.route,
      rpc: read.rpc,
      remote: read.remote,
      follows,
      problem: read.error ? problemOf(s.logs) : null,
    };
  });
}

/**
 * Its logs: one that records an exception or an error event as "type: message", any other by its
 * event name (or message). Jaeger states no error message apart from its logs.
 */
function problemOf(logs: z.infer<typeof span>['logs']): SpanProblem | null {
  function* events(): Generator<EventText> {
    for (const log of logs ?? []) {
      const fields = lookup(log.fields);
      const name = fields.get('event') ?? null;
      const text = exceptionText(
        fields.get('exception.type') ?? fields.get('error.kind') ?? null,
        fields.get('exception.message') ??
          fields.get('error.object') ??
          (name === 'error' ? (fields.get('message') ?? null) : null),
      );
      if (text || name === 'exception' || name === 'error')
        yield { text: text ?? name, exception: true };
      else yield { text: name ?? fields.get('message') ?? null, exception: false };
    }
  }
  return spanProblem(events(), null);
}
