/**
 * A trace → sequence diagram text. Participants are the services (or instances, or hosts) in order
 * of first appearance; a call into another participant is a request and the callee's end a dashed
 * reply with its duration. Spans that overlap in time are drawn in `par`, identical consecutive
 * calls fold into `loop`, and every name goes through escapeLabel. The walk keeps its own stack, so
 * a trace a hundred thousand spans deep draws like a shallow one, in time linear in its spans
 * (plus one sort).
 */
import { escapeLabel, participantId, shorten } from './escape.js';
import type { ParsedTrace, TraceSpan } from './model.js';
import type { TraceOptions } from './options.js';
import { buildTree, type TraceProblems } from './tree.js';

export interface TraceSummary {
  spans: number;
  participants: number;
  messages: number;
  /** Calls folded into loops (each loop draws one of them). */
  folded: number;
  loops: number;
  parBlocks: number;
  hidden: number;
  belowDepth: number;
  problems: TraceProblems;
}

export interface TraceDiagram {
  text: string;
  title: string;
  summary: TraceSummary;
  /** What was collapsed, hidden or repaired, as sentences for the user. */
  notes: string[];
}

const INDENT = '    ';

export function formatDuration(micros: number): string {
  if (micros < 1000) return `${Math.round(micros)} µs`;
  if (micros < 1_000_000) return `${+(micros / 1000).toPrecision(3)} ms`;
  return `${+(micros / 1_000_000).toPrecision(3)} s`;
}

const METHOD_ONLY = /^(?:HTTP )?[A-Z]{3,7}$/;

/** The span's name with its HTTP route or RPC method when the name does not already say it. */
export function spanLabel(span: TraceSpan, max: number): string {
  const name = span.name.trim() === '' ? '(unnamed span)' : span.name;
  const extra = span.route ?? span.rpc;
  let label = name;
  const lower = name.toLowerCase();
  if (extra && !lower.includes(extra.toLowerCase())) {
    label =
      METHOD_ONLY.test(name) || extra.toLowerCase().includes(lower) ? extra : `${name} ${extra}`;
  }
  return shorten(label, max);
}

function participantName(span: TraceSpan, group: TraceOptions['group']): string {
  if (group === 'host') return span.host ?? span.service;
  if (group === 'instance' && span.instance) return `${span.service} (${span.instance})`;
  return span.service;
}

/** "frontend: GET /dispatch · 2024-03-01 12:34 UTC" */
export function traceTitle(span: TraceSpan | undefined): string {
  if (!span) return 'Imported trace';
  const when = new Date(span.start / 1000);
  const stamp = Number.isNaN(when.getTime())
    ? ''
    : ` · ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${shorten(`${span.service}: ${span.name || 'trace'}`, 150)}${stamp}`;
}

type Task =
  | { line: string; indent: number }
  | { reply: { from: number; arrow: string; to: number }; text: string; indent: number }
  | { span: number; from: number; count: number; total: number; indent: number }
  | { content: number; indent: number };

/** Thrown inside buildSequence when the text outgrows the limit it was given. */
const TOO_LONG = Symbol('too long');

/**
 * The diagram, or null as soon as its text would pass `limit` characters (so a drawing too big
 * to render costs little to find out about).
 */
export function buildSequence(
  trace: ParsedTrace,
  options: TraceOptions,
  limit = Infinity,
): TraceDiagram | null {
  try {
    return buildUnlimited(trace, options, limit);
  } catch (error) {
    if (error === TOO_LONG) return null;
    throw error;
  }
}

function buildUnlimited(trace: ParsedTrace, options: TraceOptions, limit: number): TraceDiagram {
  const tree = buildTree(trace.spans);
  const { spans, children } = tree;
  const n = spans.length;

  // Participants, in order of first appearance (start order).
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

  const labels = spans.map((span) => escapeLabel(spanLabel(span, options.labelMax)));
  const crosses = (i: number) => tree.parent[i]! >= 0 && who[i] !== who[tree.parent[i]!];

  // Calls deep: how many participant changes lie between the root and the span.
  const callDepth = new Int32Array(n);
  for (const at of tree.order) {
    const p = tree.parent[at]!;
    if (p >= 0) callDepth[at] = callDepth[p]! + (crosses(at) ? 1 : 0);
  }
  const cut = (i: number) => options.depth > 0 && callDepth[i]! > options.depth;

  // A client or producer span whose callee did not report: a call to the service it named.
  const remote = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const span = spans[i]!;
    if ((span.kind !== 'client' && span.kind !== 'producer') || !span.remote) continue;
    if (cut(i) || (options.depth > 0 && callDepth[i]! + 1 > options.depth)) continue;
    if (children[i]!.some(crosses)) continue;
    const name = span.remote;
    if (name === span.service || byName.get(name) === who[i]) continue;
    remote[i] = -2; // participant assigned below, after the reporting services
  }
  for (let i = 0; i < n; i++) if (remote[i] === -2) remote[i] = participantOf(spans[i]!.remote!);

  // Bottom-up: whether a subtree draws anything, its size and its shape (for folding).
  const draws = new Uint8Array(n);
  const size = new Int32Array(n).fill(1);
  const shape = new Int32Array(n);
  const shapes = new Map<string, number>();
  for (let k = n - 1; k >= 0; k--) {
    const at = tree.order[k]!;
    const span = spans[at]!;
    let key = `${who[at]}|${labels[at]}|${span.kind}|${span.error ? 1 : 0}|${remote[at]}`;
    let any = false;
    for (const kid of children[at]!) {
      size[at] = size[at]! + size[kid]!;
      if (draws[kid]) any = true;
      key += `,${shape[kid]}`;
    }
    let id = shapes.get(key);
    if (id === undefined) {
      id = shapes.size;
      shapes.set(key, id);
    }
    shape[at] = id;
    const shown = crosses(at) || options.internal !== 'hidden' || span.error || remote[at]! >= 0;
    draws[at] = !cut(at) && (shown || any) ? 1 : 0;
  }

  const summary: TraceSummary = {
    spans: n,
    participants: 0,
    messages: 0,
    folded: 0,
    loops: 0,
    parBlocks: 0,
    hidden: 0,
    belowDepth: 0,
    problems: tree.problems,
  };
  const lines: string[] = [];
  let length = 0;
  const emit = (indent: number, line: string) => {
    const text = INDENT.repeat(indent) + line;
    length += text.length + 1;
    if (length > limit) throw TOO_LONG;
    lines.push(text);
  };
  const used = new Uint8Array(names.length);
  const appearance: number[] = [];
  const use = (participant: number) => {
    if (!used[participant]) appearance.push(participant);
    used[participant] = 1;
    return ids[participant]!;
  };
  const message = (indent: number, from: number, arrow: string, to: number, text: string) => {
    summary.messages += 1;
    emit(indent, `${use(from)}${arrow}${use(to)}: ${text}`);
  };
  const took = (micros: number, count: number) =>
    options.durations
      ? count > 1
        ? `avg ${formatDuration(micros / count)}`
        : formatDuration(micros)
      : '';
  const joined = (...parts: string[]) => parts.filter((part) => part !== '').join(' · ');

  for (let i = 0; i < n; i++) {
    if (cut(i) && !cut(tree.parent[i]!)) summary.belowDepth += size[i]!;
    else if (!crosses(i) && tree.parent[i]! >= 0 && options.internal === 'hidden' && !cut(i))
      summary.hidden += 1;
  }

  const stack: Task[] = [];
  /** Pushes a span's children: overlapping ones in par, identical runs folded. */
  const pushContent = (at: number, indent: number) => {
    const kids = children[at]!.filter((kid) => draws[kid]);
    // Groups of children that overlap in time.
    const groups: number[][] = [];
    let end = -Infinity;
    for (const kid of kids) {
      const span = spans[kid]!;
      const last = groups[groups.length - 1];
      const overlaps = last !== undefined && span.start < end;
      if (overlaps) last.push(kid);
      else groups.push([kid]);
      end = Math.max(overlaps ? end : -Infinity, span.start + span.duration);
    }
    const tasks: Task[] = [];
    const fold = (list: number[], indent: number): Task[] => {
      const runs: Task[] = [];
      for (let k = 0; k < list.length;) {
        let j = k + 1;
        let total = spans[list[k]!]!.duration;
        while (options.collapse && j < list.length && shape[list[j]!] === shape[list[k]!]) {
          total += spans[list[j]!]!.duration;
          j += 1;
        }
        runs.push({ span: list[k]!, from: who[at]!, count: j - k, total, indent });
        k = j;
      }
      return runs;
    };
    // Single-child groups in a row can fold together; a par group folds among its branches.
    let singles: number[] = [];
    const flush = () => {
      tasks.push(...fold(singles, indent));
      singles = [];
    };
    for (const group of groups) {
      if (group.length === 1) {
        singles.push(group[0]!);
        continue;
      }
      flush();
      const branches = fold(group, indent + 1);
      if (branches.length === 1) {
        // Every overlapping call is the same one: a loop says it better than identical branches.
        tasks.push({ ...(branches[0] as Extract<Task, { span: number }>), indent });
        continue;
      }
      summary.parBlocks += 1;
      tasks.push({ line: 'par', indent });
      branches.forEach((branch, b) => {
        if (b > 0) tasks.push({ line: 'and', indent });
        tasks.push(branch);
      });
      tasks.push({ line: 'end', indent });
    }
    flush();
    for (let k = tasks.length - 1; k >= 0; k--) stack.push(tasks[k]!);
  };

  const run = () => {
    while (stack.length > 0) {
      const task = stack.pop()!;
      if ('line' in task) {
        emit(task.indent, task.line);
        continue;
      }
      if ('reply' in task) {
        message(task.indent, task.reply.from, task.reply.arrow, task.reply.to, task.text);
        continue;
      }
      if ('content' in task) {
        pushContent(task.content, task.indent);
        continue;
      }
      const { span: at, from, count, indent } = task;
      const span = spans[at]!;
      const to = who[at]!;
      let inner = indent;
      const after: Task[] = [];
      if (count > 1) {
        summary.loops += 1;
        summary.folded += count;
        emit(indent, `loop ${count} times`);
        after.push({ line: 'end', indent });
        inner = indent + 1;
      }
      const label = labels[at]!;
      const errorMark = span.error ? 'error' : '';
      if (from !== to) {
        const parent = spans[tree.parent[at]!]!;
        const async = span.kind === 'consumer' || parent.kind === 'producer';
        if (async) message(inner, from, '-)', to, joined(label, errorMark));
        else {
          message(inner, from, '->>+', to, label);
          after.unshift({
            reply: { from: to, arrow: span.error ? '--x-' : '-->>-', to: from },
            text: joined(errorMark, took(task.total, count)),
            indent: inner,
          });
        }
      } else if (options.internal === 'self') {
        message(inner, to, '->>', to, joined(label, errorMark, took(task.total, count)));
      } else if (options.internal === 'notes') {
        emit(inner, `Note over ${use(to)}: ${joined(label, errorMark, took(task.total, count))}`);
      } else if (options.internal === 'activations') {
        emit(inner, `activate ${use(to)}`);
        emit(inner, `Note right of ${use(to)}: ${joined(label, errorMark)}`);
        after.unshift({ line: `deactivate ${use(to)}`, indent: inner });
      } else if (span.error) {
        emit(inner, `Note over ${use(to)}: ${`error in ${label}`}`);
      }
      if (remote[at]! >= 0) {
        const callee = remote[at]!;
        message(inner, to, span.kind === 'producer' ? '-)' : '->>+', callee, label);
        if (span.kind !== 'producer') {
          message(
            inner,
            callee,
            span.error ? '--x-' : '-->>-',
            to,
            joined(errorMark, took(task.total, count)),
          );
        }
      }
      for (let k = after.length - 1; k >= 0; k--) stack.push(after[k]!);
      stack.push({ content: at, indent: inner });
    }
  };

  for (const root of tree.roots) {
    if (!draws[root] && tree.roots.length > 1 && children[root]!.length === 0) continue;
    const span = spans[root]!;
    emit(
      1,
      `Note over ${use(who[root]!)}: ${joined(labels[root]!, span.error ? 'error' : '', took(span.duration, 1))}`,
    );
    if (remote[root]! >= 0) {
      stack.push({ span: root, from: who[root]!, count: 1, total: span.duration, indent: 1 });
    } else stack.push({ content: root, indent: 1 });
    run();
  }

  // Participants in the order the drawing first names them; one that drew nothing is left out.
  const body = lines.join('\n');
  const shown = appearance.map((at) => ({ id: ids[at]!, name: names[at]! }));
  summary.participants = shown.length;
  const header = ['sequenceDiagram'];
  if (options.autonumber) header.push(`${INDENT}autonumber`);
  for (const { id, name } of shown) {
    const alias = escapeLabel(shorten(name, options.labelMax));
    header.push(
      alias === id || alias === ''
        ? `${INDENT}participant ${id}`
        : `${INDENT}participant ${id} as ${alias}`,
    );
  }
  return {
    text: `${header.join('\n')}\n${body}\n`,
    title: traceTitle(spans[tree.roots[0] ?? 0]),
    summary,
    notes: describe(summary, options),
  };
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`;

function describe(summary: TraceSummary, options: TraceOptions): string[] {
  const notes: string[] = [];
  const { problems } = summary;
  if (summary.loops > 0)
    notes.push(
      `${plural(summary.folded, 'identical call')} folded into ${plural(summary.loops, 'loop')}.`,
    );
  if (summary.hidden > 0)
    notes.push(`${plural(summary.hidden, 'span')} inside one service hidden.`);
  if (summary.belowDepth > 0)
    notes.push(
      `${plural(summary.belowDepth, 'span')} deeper than ${plural(options.depth, 'call')} left out.`,
    );
  if (problems.missingParents > 0)
    notes.push(
      `${plural(problems.missingParents, 'span')} name a parent that is not in the file; drawn from the top.`,
    );
  if (problems.selfParents > 0)
    notes.push(
      `${plural(problems.selfParents, 'span')} named itself as parent; drawn from the top.`,
    );
  if (problems.cycles > 0)
    notes.push(`${plural(problems.cycles, 'parent cycle')} broken at the earliest span.`);
  if (problems.duplicates > 0)
    notes.push(`${plural(problems.duplicates, 'span')} with an id seen before left out.`);
  if (problems.skewed > 0)
    notes.push(
      `${plural(problems.skewed, 'span')} start before their parent (clock skew); drawn in call order.`,
    );
  return notes;
}
