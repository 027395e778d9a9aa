/**
 * Does a sequence diagram still match the system? Its messages against the calls real traces
 * recorded, compared as caller service → callee service. Pure: the API's worker, the CLI and the
 * MCP tool all ask this one function.
 *
 * - Participants stand for services by id or display name, compared without case or punctuation
 *   (`Payment Service` is `payment-service`), or by a comment in the diagram:
 *   `%% service Pay = payment-service`.
 * - A dashed message answering a solid one the other way (`B-->>A` after `A->>B`) is a reply and
 *   is not compared; nor are self-messages (a trace's calls within a service are hidden).
 * - A message from a participant that is no service (a user, a browser) into the service a trace
 *   starts in is the trace's entry; a diagram need not draw that entry, so it is never missing.
 * - Labels are compared when both sides have one; a difference is reported in `labels`, and is
 *   not drift. Drift is a call no diagram message stands for, or a message no trace shows.
 */
import { readSequence, type Statement } from '../mermaid-reader/sequence.js';
import { z } from '../zod.js';
import { spanLabel } from './label.js';
import type { ParsedTrace } from './model.js';
import { buildTree } from './tree.js';

const callSchema = z.object({
  from: z.string().describe('The caller: its participant in the diagram, or its service.'),
  to: z.string().describe('The callee: its participant in the diagram, or its service.'),
  label: z.string(),
});

export const traceCheckSchema = z.object({
  ok: z.boolean().describe('true: every traced call has a message, and every message a call.'),
  matched: z.number().int().describe('Diagram messages a traced call stands for.'),
  onlyInTrace: z
    .array(callSchema.extend({ count: z.number().int().describe('Times the traces made it.') }))
    .describe('Calls the traces made that no message of the diagram stands for.'),
  onlyInDiagram: z
    .array(callSchema.extend({ line: z.number().int().describe('1-based line of the message.') }))
    .describe('Messages of the diagram that no traced call stands for.'),
  labels: z
    .array(
      z.object({
        from: z.string(),
        to: z.string(),
        line: z.number().int(),
        diagram: z.string().describe('The message’s label.'),
        trace: z.array(z.string()).describe('What the traces called it (at most 10).'),
      }),
    )
    .describe('Messages whose label no traced call between the same services has; not drift.'),
});

export type TraceCheck = z.infer<typeof traceCheckSchema>;
type DiagramMessage = TraceCheck['onlyInDiagram'][number];

/** A traced call between services; `from` null for a trace's entry into its first service. */
interface Call {
  from: string | null;
  to: string;
  label: string;
}

const LABEL_MAX = 200;

/** Every call between services the traces recorded, as the import draws them. */
export function tracedCalls(traces: readonly ParsedTrace[]): Call[] {
  const calls: Call[] = [];
  for (const trace of traces) {
    const { spans, parent, children } = buildTree(trace.spans);
    spans.forEach((span, at) => {
      const p = parent[at]!;
      if (p < 0) calls.push({ from: null, to: span.service, label: spanLabel(span, LABEL_MAX) });
      else if (spans[p]!.service !== span.service) {
        calls.push({
          from: spans[p]!.service,
          to: span.service,
          label: spanLabel(span, LABEL_MAX),
        });
      }
      // A client or producer span whose callee did not report but was named.
      if (
        (span.kind === 'client' || span.kind === 'producer') &&
        span.remote &&
        span.remote !== span.service &&
        !children[at]!.some((kid) => spans[kid]!.service !== span.service)
      ) {
        calls.push({ from: span.service, to: span.remote, label: spanLabel(span, LABEL_MAX) });
      }
    });
  }
  return calls;
}

/** Lower case letters and digits only: `Payment-Service` and `payment service` are one name. */
export const serviceKey = (name: string): string =>
  name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Label text as compared: entities decoded, `<br/>` and spacing and case ignored. */
function labelKey(label: string): string {
  return label
    .replace(/#(\d{1,6});/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll('<br/>', '')
    .toLowerCase()
    .replace(/\s+/g, '');
}

/** The diagram's label stands for the traced one: equal, with a suffix (` · error`), or shortened with `…`. */
function sameLabel(diagram: string, traced: string): boolean {
  const d = labelKey(diagram);
  const t = labelKey(traced);
  if (d.startsWith(t)) return true;
  const cut = d.indexOf('…');
  return cut >= 0 && t.startsWith(d.slice(0, cut)) && t.endsWith(d.slice(cut + 1));
}

/** `%% service Pay = payment-service` → ['Pay', 'payment-service']. */
function mappingOf(statement: Statement, source: string): [string, string] | null {
  const text = source.slice(statement.from, statement.to).trim();
  if (!text.startsWith('%%')) return null;
  const body = text.slice(2).trim();
  if (!/^service\s/i.test(body)) return null;
  const rest = body.slice('service'.length);
  const equals = rest.indexOf('=');
  if (equals < 0) return null;
  const name = rest.slice(0, equals).trim();
  const service = rest.slice(equals + 1).trim();
  return name && service ? [name, service] : null;
}

const isDashed = (arrow: string) => arrow.startsWith('--');

export function checkDiagram(source: string, traces: readonly ParsedTrace[]): TraceCheck {
  const statements = readSequence(source);
  const calls = tracedCalls(traces);

  const services = new Map<string, string>();
  for (const call of calls) {
    for (const name of [call.from, call.to]) if (name) services.set(serviceKey(name), name);
  }
  const entries = new Set(calls.filter((c) => c.from === null).map((c) => c.to));

  // Each participant's service: a mapping comment, else its id, else its display name.
  const mapped = new Map<string, string>();
  const display = new Map<string, string>();
  for (const statement of statements) {
    if (statement.kind === 'comment') {
      const mapping = mappingOf(statement, source);
      if (mapping) mapped.set(mapping[0], services.get(serviceKey(mapping[1])) ?? mapping[1]);
    }
    if (statement.kind === 'participant' && statement.names[0] && statement.text) {
      display.set(statement.names[0].name, source.slice(statement.text.from, statement.text.to));
    }
  }
  const serviceOf = (participant: string): string | null =>
    mapped.get(participant) ??
    services.get(serviceKey(participant)) ??
    services.get(serviceKey(display.get(participant) ?? '')) ??
    null;

  const messages: (DiagramMessage & { fromService: string | null; toService: string | null })[] =
    [];
  const solid = new Set<string>();
  for (const statement of statements) {
    if (statement.kind !== 'message' || statement.names.length < 2 || !statement.arrow) continue;
    const [from, to] = [statement.names[0]!.name, statement.names[1]!.name];
    if (!isDashed(statement.arrow.text)) solid.add(`${from}\n${to}`);
  }
  for (const statement of statements) {
    if (statement.kind !== 'message' || statement.names.length < 2 || !statement.arrow) continue;
    const [from, to] = [statement.names[0]!.name, statement.names[1]!.name];
    const fromService = serviceOf(from);
    const toService = serviceOf(to);
    if (from === to || (fromService !== null && fromService === toService)) continue;
    if (isDashed(statement.arrow.text) && solid.has(`${to}\n${from}`)) continue;
    const label = statement.text ? source.slice(statement.text.from, statement.text.to).trim() : '';
    messages.push({ from, to, label, line: statement.line, fromService, toService });
  }

  // Traced calls by service pair, each label with how often it was called.
  const pairKey = (from: string | null, to: string) => `${from ?? ''}\n${to}`;
  const traced = new Map<
    string,
    { from: string | null; to: string; labels: Map<string, number> }
  >();
  for (const call of calls) {
    const key = pairKey(call.from, call.to);
    let pair = traced.get(key);
    if (!pair) {
      pair = { from: call.from, to: call.to, labels: new Map() };
      traced.set(key, pair);
    }
    pair.labels.set(call.label, (pair.labels.get(call.label) ?? 0) + 1);
  }

  const drawn = new Set<string>();
  const result: TraceCheck = {
    ok: true,
    matched: 0,
    onlyInTrace: [],
    onlyInDiagram: [],
    labels: [],
  };
  for (const message of messages) {
    // From someone who is no service into a service a trace starts in: the trace's entry.
    const entry =
      message.fromService === null && message.toService !== null && entries.has(message.toService);
    const key =
      message.toService === null
        ? null
        : entry
          ? pairKey(null, message.toService)
          : message.fromService === null
            ? null
            : pairKey(message.fromService, message.toService);
    const pair = key === null ? undefined : traced.get(key);
    const { from, to, label, line } = message;
    if (!pair) {
      result.onlyInDiagram.push({ from, to, label, line });
      continue;
    }
    drawn.add(key!);
    result.matched += 1;
    const labels = [...pair.labels.keys()];
    if (label && labels.length > 0 && !labels.some((t) => sameLabel(label, t))) {
      result.labels.push({ from, to, line, diagram: label, trace: labels.slice(0, 10) });
    }
  }

  // The participant a service is drawn as, for naming a missing call the way the diagram would.
  const participantOf = new Map<string, string>();
  for (const message of messages) {
    for (const [name, service] of [
      [message.from, message.fromService],
      [message.to, message.toService],
    ] as const) {
      if (service && !participantOf.has(service)) participantOf.set(service, name);
    }
  }
  for (const statement of statements) {
    const name = statement.kind === 'participant' ? statement.names[0]?.name : undefined;
    const service = name ? serviceOf(name) : null;
    if (name && service && !participantOf.has(service)) participantOf.set(service, name);
  }
  for (const [key, pair] of traced) {
    if (pair.from === null || drawn.has(key)) continue;
    for (const [label, count] of pair.labels) {
      result.onlyInTrace.push({
        from: participantOf.get(pair.from) ?? pair.from,
        to: participantOf.get(pair.to) ?? pair.to,
        label,
        count,
      });
    }
  }
  result.ok = result.onlyInTrace.length === 0 && result.onlyInDiagram.length === 0;
  return result;
}
