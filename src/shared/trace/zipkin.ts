/** Zipkin JSON, v2 or v1 (a list of spans, or the API's list of traces) → spans. */
import { z } from '../zod.js';
import {
  normaliseId,
  readAttributes,
  spanProblem,
  type SpanKind,
  type TraceSpan,
} from './model.js';
import { checked } from './validate.js';
import { isZipkinV1, ZIPKIN_CORE_ANNOTATIONS, zipkinEndpoint, zipkinV1ToV2 } from './zipkin-v1.js';

const endpoint = zipkinEndpoint;

const span = z.object({
  traceId: z.string(),
  id: z.string(),
  parentId: z.string().nullish(),
  name: z.string().nullish(),
  kind: z.string().nullish(),
  timestamp: z.number().nullish(),
  duration: z.number().nullish(),
  localEndpoint: endpoint,
  remoteEndpoint: endpoint,
  tags: z.record(z.string(), z.string()).nullish(),
  shared: z.boolean().nullish(),
  annotations: z.array(z.object({ value: z.unknown() }).loose()).nullish(),
});
export const zipkinSpans = z.array(span);

const KINDS: Record<string, SpanKind> = {
  SERVER: 'server',
  CLIENT: 'client',
  PRODUCER: 'producer',
  CONSUMER: 'consumer',
};

export function parseZipkin(raw: unknown, where: string): TraceSpan[] {
  const v1 = Array.isArray(raw) && isZipkinV1(raw);
  const spans = checked(zipkinSpans, v1 ? zipkinV1ToV2(raw, where) : raw, where);
  const result: TraceSpan[] = [];
  const seen = new Map<string, TraceSpan>();
  for (const s of spans) {
    const tags = s.tags ?? {};
    const read = readAttributes((key) => tags[key] ?? null);
    const local = s.localEndpoint;
    const address = local?.ipv4 ?? local?.ipv6 ?? null;
    const id = normaliseId(s.id, 16) ?? s.id;
    const traceId = normaliseId(s.traceId, 32) ?? s.traceId;
    const span: TraceSpan = {
      id,
      parentId: normaliseId(s.parentId ?? '', 16),
      traceId,
      name: s.name ?? '',
      service: local?.serviceName || address || 'unknown service',
      instance: address ? (local?.port ? `${address}:${local.port}` : address) : null,
      host: address,
      kind: KINDS[s.kind ?? ''] ?? 'internal',
      start: s.timestamp ?? 0,
      duration: Math.max(0, s.duration ?? 0),
      error: 'error' in tags,
      route: read.route ?? tags['http.path'] ?? null,
      rpc: read.rpc,
      remote: s.remoteEndpoint?.serviceName ?? read.remote,
      follows: false,
      // Zipkin's error tag holds the message ("" or "true" when there is none); its other
      // annotations are the span's events.
      problem:
        'error' in tags
          ? spanProblem(
              (s.annotations ?? []).flatMap(({ value }) =>
                typeof value === 'string' && !ZIPKIN_CORE_ANNOTATIONS.has(value)
                  ? [{ text: value, exception: false }]
                  : [],
              ),
              tags.error && tags.error !== 'true' ? tags.error : null,
            )
          : null,
    };
    // A server span that shares its client's id (B3 single-span RPC) is the client's child.
    const twin = seen.get(`${traceId}/${id}`);
    if (twin) {
      const server = span.kind === 'server' || s.shared ? span : twin;
      const client = server === span ? twin : span;
      // Its children name the shared id, so the server keeps it and the client steps aside.
      client.id = `${id}~client`;
      server.parentId = client.id;
    }
    seen.set(`${traceId}/${id}`, span);
    result.push(span);
  }
  return result;
}
