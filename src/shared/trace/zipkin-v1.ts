/**
 * Zipkin v1 JSON → Zipkin v2 spans, as Zipkin's own V1SpanConverter turns them: v1 put both
 * halves of an RPC in one span, told apart by annotations with endpoints (`cs`/`cr` the client's,
 * `sr`/`ss` the server's, `ms`/`mr` a message's sender and receiver) and `binaryAnnotations` for
 * tags (`sa`, `ca`, `ma`: the remote address; `lc`: the local component). A span with both halves
 * becomes a client span and a server span sharing its id (`shared`), which the v2 reader splits
 * into caller and callee; a span with neither is a local span of its `lc` endpoint's service.
 */
import { z } from '../zod.js';
import { checked } from './validate.js';

/** A Zipkin endpoint (v1 and v2 write it alike). */
export const zipkinEndpoint = z
  .object({
    serviceName: z.string().nullish(),
    ipv4: z.string().nullish(),
    ipv6: z.string().nullish(),
    port: z.number().nullish(),
  })
  .nullish();
const endpoint = zipkinEndpoint;
type Endpoint = z.infer<typeof endpoint>;

const annotation = z.object({ timestamp: z.number(), value: z.string(), endpoint });
type Annotation = z.infer<typeof annotation>;

const v1Span = z.object({
  traceId: z.string(),
  id: z.string(),
  parentId: z.string().nullish(),
  name: z.string().nullish(),
  timestamp: z.number().nullish(),
  duration: z.number().nullish(),
  annotations: z.array(annotation).nullish(),
  binaryAnnotations: z
    .array(
      z.object({
        key: z.string(),
        value: z.union([z.string(), z.boolean(), z.number()]),
        endpoint,
      }),
    )
    .nullish(),
});

/** A span as the v2 reader (zipkin.ts) takes it. */
export interface ZipkinV2Span {
  traceId: string;
  id: string;
  parentId?: string | null;
  name?: string | null;
  kind?: 'CLIENT' | 'SERVER' | 'PRODUCER' | 'CONSUMER';
  timestamp?: number | null;
  duration?: number | null;
  localEndpoint?: Endpoint;
  remoteEndpoint?: Endpoint;
  tags: Record<string, string>;
  shared?: boolean;
  /** The annotations that are the span's events (not the core ones that place its ends). */
  annotations?: { value: string }[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** v1 spans: no `localEndpoint`, and endpoints on annotations or binary annotations. */
export function isZipkinV1(spans: readonly unknown[]): boolean {
  return spans.some(
    (span) =>
      isObject(span) &&
      !('localEndpoint' in span) &&
      ('binaryAnnotations' in span ||
        (Array.isArray(span.annotations) &&
          span.annotations.some((a) => isObject(a) && 'endpoint' in a))),
  );
}

const ADDRESSES = new Set(['sa', 'ca', 'ma']);

/** Zipkin's own annotations of an RPC's and a message's ends, not events of the span. */
export const ZIPKIN_CORE_ANNOTATIONS = new Set(['cs', 'cr', 'sr', 'ss', 'ms', 'mr', 'ws', 'wr']);

export function zipkinV1ToV2(raw: unknown, where: string): ZipkinV2Span[] {
  const spans = checked(z.array(v1Span), raw, where);
  const result: ZipkinV2Span[] = [];
  for (const span of spans) {
    const annotations = span.annotations ?? [];
    const events = annotations.filter((a) => !ZIPKIN_CORE_ANNOTATIONS.has(a.value));
    const halves = result.length;
    const find = (value: string) => annotations.find((a) => a.value === value);
    const binary = span.binaryAnnotations ?? [];
    const address = (key: string) =>
      binary.find((b) => b.key === key && (b.value === true || b.value === 'true'))?.endpoint;
    const tags: Record<string, string> = {};
    let component: Endpoint;
    for (const b of binary) {
      if (ADDRESSES.has(b.key)) continue;
      tags[b.key] = String(b.value);
      if (b.key === 'lc') component = b.endpoint;
    }
    const base = {
      traceId: span.traceId,
      id: span.id,
      parentId: span.parentId ?? null,
      name: span.name ?? null,
      tags,
    };
    const half = (
      kind: NonNullable<ZipkinV2Span['kind']>,
      begin: Annotation | undefined,
      end: Annotation | undefined,
      remote: Endpoint,
      shared: boolean,
    ): ZipkinV2Span => ({
      ...base,
      kind,
      timestamp: begin?.timestamp ?? end?.timestamp ?? span.timestamp,
      duration: begin && end ? Math.max(0, end.timestamp - begin.timestamp) : span.duration,
      localEndpoint: (begin ?? end)?.endpoint,
      remoteEndpoint: remote,
      ...(shared ? { shared } : {}),
    });
    const [cs, cr, sr, ss, ms, mr] = ['cs', 'cr', 'sr', 'ss', 'ms', 'mr'].map(find);
    const client = cs ?? cr;
    const server = sr ?? ss;
    if (client) result.push(half('CLIENT', cs, cr, server ? null : address('sa'), false));
    if (server) result.push(half('SERVER', sr, ss, client ? null : address('ca'), !!client));
    if (ms) result.push(half('PRODUCER', ms, undefined, address('ma'), false));
    if (mr) result.push(half('CONSUMER', mr, undefined, ms ? null : address('ma'), !!ms));
    if (client || server || ms || mr) {
      // An event goes with the half its endpoint's service wrote, else with the first half.
      for (const event of events) {
        const service = event.endpoint?.serviceName;
        const half =
          result.slice(halves).find((h) => service && h.localEndpoint?.serviceName === service) ??
          result[halves]!;
        (half.annotations ??= []).push({ value: event.value });
      }
      continue;
    }
    // A local span: its component's service, else whoever annotated it.
    let first = Infinity;
    let last = -Infinity;
    for (const a of annotations) {
      first = Math.min(first, a.timestamp);
      last = Math.max(last, a.timestamp);
    }
    const annotated = annotations.length > 0;
    result.push({
      ...base,
      timestamp: span.timestamp ?? (annotated ? first : null),
      duration: span.duration ?? (annotated ? last - first : null),
      localEndpoint: component ?? annotations[0]?.endpoint ?? binary[0]?.endpoint,
      ...(events.length > 0 ? { annotations: events.map((a) => ({ value: a.value })) } : {}),
    });
  }
  return result;
}
