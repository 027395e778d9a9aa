/**
 * What a trace's drawing needs that does not depend on the depth drawn: the tree, participants,
 * labels, how many calls deep each span is, and each subtree's size and shape. Computed once, so
 * choosing a depth costs one more walk, not a rebuild per depth.
 */
import { escapeLabel, participantId, shorten } from './escape.js';
import { breakIdentifiers, spanLabel } from './label.js';
import type { ParsedTrace, SpanProblem, TraceSpan } from './model.js';
import type { TraceOptions } from './options.js';
import { buildTree, type SpanTree } from './tree.js';

export interface PreparedTrace extends SpanTree {
  options: TraceOptions;
  /** Participant names and their mermaid ids, in order of first appearance. */
  names: string[];
  ids: string[];
  /** Each span's participant. */
  who: Int32Array;
  labels: string[];
  /**
   * Each failing span's problem as note text, one line per exception or event (`<br/>`), and how
   * many more it recorded; '' for none.
   */
  failures: string[];
  /** 1 when the span's participant differs from its parent's. */
  crosses: Uint8Array;
  /** Participant changes between the root and the span. */
  callDepth: Int32Array;
  /** The participant a client or producer span calls when its callee did not report, else -1. */
  remoteTarget: Int32Array;
  /** Spans in the subtree, itself included. */
  size: Int32Array;
  /** Equal for subtrees that draw the same (folded into loops). */
  shape: Int32Array;
}

function participantName(span: TraceSpan, group: TraceOptions['group']): string {
  if (group === 'host') return span.host ?? span.service;
  if (group === 'instance' && span.instance) return `${span.service} (${span.instance})`;
  return span.service;
}

/** A failing span's exceptions and events as the lines of a note, each escaped and shortened. */
function noteText(problem: SpanProblem | null, options: TraceOptions): string {
  if (!problem) return '';
  const lines = problem.lines.map((line) =>
    breakIdentifiers(escapeLabel(shorten(line, options.labelMax * 2))),
  );
  if (problem.more > 0) {
    const more = `and ${problem.more.toLocaleString('en')} more ${problem.more === 1 ? 'event' : 'events'}`;
    lines.push(escapeLabel(more));
  }
  return lines.filter((line) => line !== '').join('<br/>');
}

export function prepareTrace(trace: ParsedTrace, options: TraceOptions): PreparedTrace {
  const tree = buildTree(trace.spans);
  const { spans, children, parent } = tree;
  const n = spans.length;

  const names: string[] = [];
  const ids: string[] = [];
  const byName = new Map<string, number>();
  const taken = new Set<string>();
  const participantOf = (name: string) => {
    let at = byName.get(name);
    if (at === undefined) {
      at = names.length;
      byName.set(name, at);
      names.push(name);
      ids.push(participantId(name, taken));
    }
    return at;
  };
  const who = new Int32Array(n);
  for (let i = 0; i < n; i++) who[i] = participantOf(participantName(spans[i]!, options.group));
  const labels = spans.map((span) =>
    breakIdentifiers(escapeLabel(spanLabel(span, options.labelMax))),
  );

  const failures = spans.map((span) => (span.error ? noteText(span.problem, options) : ''));

  const crosses = new Uint8Array(n);
  const callDepth = new Int32Array(n);
  for (const at of tree.order) {
    const p = parent[at]!;
    if (p < 0) continue;
    crosses[at] = who[at] !== who[p] ? 1 : 0;
    callDepth[at] = callDepth[p]! + crosses[at]!;
  }

  // A client or producer span whose callee did not report: a call to the service it named,
  // whose participant comes after the reporting services.
  const remoteTarget = new Int32Array(n).fill(-1);
  const calls: number[] = [];
  for (let i = 0; i < n; i++) {
    const span = spans[i]!;
    if ((span.kind !== 'client' && span.kind !== 'producer') || !span.remote) continue;
    if (children[i]!.some((kid) => crosses[kid])) continue;
    if (span.remote === span.service || byName.get(span.remote) === who[i]) continue;
    calls.push(i);
  }
  for (const i of calls) remoteTarget[i] = participantOf(spans[i]!.remote!);

  const size = new Int32Array(n).fill(1);
  const shape = new Int32Array(n);
  const shapes = new Map<string, number>();
  for (let k = n - 1; k >= 0; k--) {
    const at = tree.order[k]!;
    const span = spans[at]!;
    let key = `${who[at]}|${labels[at]}|${span.kind}|${span.error ? 1 : 0}|${remoteTarget[at]}|${span.follows ? 1 : 0}|${failures[at]}`;
    for (const kid of children[at]!) {
      size[at] = size[at]! + size[kid]!;
      key += `,${shape[kid]}`;
    }
    let id = shapes.get(key);
    if (id === undefined) {
      id = shapes.size;
      shapes.set(key, id);
    }
    shape[at] = id;
  }
  return {
    ...tree,
    options,
    names,
    ids,
    who,
    labels,
    failures,
    crosses,
    callDepth,
    remoteTarget,
    size,
    shape,
  };
}
