/**
 * A trace's spans as a tree, built without recursion: duplicate ids, missing parents, a span that
 * is its own parent and parent cycles all end as roots and are counted, so any file gives a tree.
 * Clock skew is corrected (correctSkew below) before the spans are put in time order.
 */
import type { TraceSpan } from './model.js';

export interface TraceProblems {
  duplicates: number;
  missingParents: number;
  selfParents: number;
  cycles: number;
  /** Spans whose clock was corrected (each with its service's spans below it). */
  skewed: number;
}

export interface SpanTree {
  /** The spans kept, ordered by start time (then file order). */
  spans: TraceSpan[];
  /** Each span's children in start order (tree edges only). */
  children: number[][];
  parent: Int32Array;
  roots: number[];
  /** Every span, each after its parent (a pre-order walk). */
  order: number[];
  problems: TraceProblems;
}

export function buildTree(input: readonly TraceSpan[]): SpanTree {
  const tree = linkSpans(input);
  const corrected = correctSkew(tree);
  if (corrected.count === 0) return tree;
  // Time order changed: the corrected spans linked again (no duplicates are left to count).
  const again = linkSpans(corrected.spans);
  return { ...again, problems: { ...tree.problems, skewed: corrected.count } };
}

/**
 * Clock skew, corrected the way Zipkin does (its CorrectForClockSkew): a span called from another
 * service ran on another clock. When it lies outside its caller's time (it starts before the
 * caller or ends after it), its clock is taken to be off: it is shifted to the middle of the
 * caller's time (the network's delay taken as the same both ways), or to the caller's start when
 * it lasted longer than the caller. The spans below it in its own service (the same clock) move
 * with it; a span of yet another service is judged against its corrected caller in turn. A
 * follow-up, a consumer or a producer's callee may outlive its caller, so it is only moved when
 * it starts before the caller, to the caller's start. Spans are only ever moved, never stretched.
 */
function correctSkew(tree: SpanTree): { spans: TraceSpan[]; count: number } {
  const { spans, parent, order } = tree;
  const shift = new Float64Array(spans.length);
  let count = 0;
  for (const at of order) {
    const p = parent[at]!;
    if (p < 0) continue;
    const span = spans[at]!;
    const caller = spans[p]!;
    if (span.service === caller.service) {
      shift[at] = shift[p]!;
      continue;
    }
    const from = caller.start + shift[p]!;
    const to = from + caller.duration;
    const end = span.start + span.duration;
    const async = span.follows || span.kind === 'consumer' || caller.kind === 'producer';
    if (async) {
      if (span.start >= from) continue;
      shift[at] = from - span.start;
    } else {
      if (span.start >= from && end <= to) continue;
      const latency = (caller.duration - span.duration) / 2;
      shift[at] = Math.round(latency >= 0 ? from + latency : from) - span.start;
    }
    if (shift[at] !== 0) count += 1;
  }
  if (count === 0) return { spans, count };
  return {
    spans: spans.map((span, at) =>
      shift[at] === 0 ? span : { ...span, start: span.start + shift[at]! },
    ),
    count,
  };
}

function linkSpans(input: readonly TraceSpan[]): SpanTree {
  const problems: TraceProblems = {
    duplicates: 0,
    missingParents: 0,
    selfParents: 0,
    cycles: 0,
    skewed: 0,
  };
  const seen = new Set<string>();
  const unique: TraceSpan[] = [];
  for (const span of input) {
    if (seen.has(span.id)) problems.duplicates += 1;
    else {
      seen.add(span.id);
      unique.push(span);
    }
  }
  const spans = unique
    .map((span, index) => ({ span, index }))
    .sort((a, b) => a.span.start - b.span.start || a.index - b.index)
    .map(({ span }) => span);
  const indexOf = new Map<string, number>();
  spans.forEach((span, index) => indexOf.set(span.id, index));

  const n = spans.length;
  const linked: number[][] = Array.from({ length: n }, () => []);
  const candidateRoots: number[] = [];
  for (let i = 0; i < n; i++) {
    const { id, parentId } = spans[i]!;
    const parent = parentId === null ? undefined : indexOf.get(parentId);
    if (parentId === null) candidateRoots.push(i);
    else if (parentId === id) {
      problems.selfParents += 1;
      candidateRoots.push(i);
    } else if (parent === undefined) {
      problems.missingParents += 1;
      candidateRoots.push(i);
    } else linked[parent]!.push(i);
  }

  const children: number[][] = Array.from({ length: n }, () => []);
  const parent = new Int32Array(n).fill(-1);
  const visited = new Uint8Array(n);
  const order: number[] = [];
  const roots: number[] = [];
  const walk = (root: number) => {
    roots.push(root);
    visited[root] = 1;
    const stack = [root];
    while (stack.length > 0) {
      const at = stack.pop()!;
      order.push(at);
      const kids = linked[at]!;
      for (let k = kids.length - 1; k >= 0; k--) {
        const kid = kids[k]!;
        if (visited[kid]) continue;
        visited[kid] = 1;
        parent[kid] = at;
        stack.push(kid);
      }
    }
  };
  for (const root of candidateRoots) walk(root);
  // Whatever is left hangs on a parent cycle: its earliest span becomes a root.
  for (let i = 0; i < n; i++) {
    if (!visited[i]) {
      problems.cycles += 1;
      walk(i);
    }
  }
  for (const at of order) {
    const p = parent[at]!;
    if (p < 0) continue;
    children[p]!.push(at);
  }
  // Children were pushed in pre-order; put each list back in start order.
  for (const list of children) if (list.length > 1) list.sort((a, b) => a - b);
  roots.sort((a, b) => a - b);
  return { spans, children, parent, roots, order, problems };
}
