/**
 * A trace → sequence diagram text. Participants are the services (or instances, or hosts) in order
 * of first appearance; a call into another participant is a request and the callee's end a dashed
 * reply with its duration. Spans that overlap in time are drawn in `par`, identical consecutive
 * calls fold into `loop`, and every name goes through escapeLabel (and breakIdentifiers). The walk keeps its own stack, so
 * a trace a hundred thousand spans deep draws like a shallow one, in time linear in its spans
 * (plus one sort).
 */
import { escapeLabel, shorten } from './escape.js';
import { breakIdentifiers, formatDuration, traceTitle } from './label.js';
import type { ParsedTrace } from './model.js';
import { describe } from './notes.js';
import type { TraceOptions } from './options.js';
import { prepareTrace, type PreparedTrace } from './prepare.js';
import type { TraceProblems } from './tree.js';

export { formatDuration, spanLabel, traceTitle } from './label.js';

export interface TraceSummary {
  spans: number;
  /** Spans the drawing shows: as a message, a note or an activation. */
  shown: number;
  participants: number;
  messages: number;
  /** Calls folded into loops (each loop draws one of them). */
  folded: number;
  /** Spans inside the repeats a loop stands for (not drawn themselves). */
  inRepeats: number;
  loops: number;
  parBlocks: number;
  /** Spans within one service that draw nothing (internal spans hidden, lone roots). */
  hidden: number;
  belowDepth: number;
  /** The depth drawn; 0: all. */
  depth: number;
  /** Walks over the spans it took to draw (drawTrace: 1, or 2 when it chose a depth). */
  passes: number;
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

type Task =
  | { line: string; indent: number; level: number }
  | {
      reply: { from: number; arrow: string; to: number };
      text: string;
      indent: number;
      level: number;
    }
  | { span: number; from: number; count: number; total: number; indent: number }
  | { content: number; indent: number };

/** Thrown inside drawPrepared when the text outgrows the limit it was given. */
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
  return drawPrepared(prepareTrace(trace, options), options.depth, limit);
}

/**
 * Draws `depth` calls deep (0: all). With `levels`, it also adds each line's length to
 * `levels[d]`, d being the least depth that draws the line, and keeps only the lines within
 * `limit` (the answer is then null when the whole text passes it): one walk tells how long the
 * text is at every depth.
 */
export function drawPrepared(
  prepared: PreparedTrace,
  depth: number,
  limit = Infinity,
  levels?: Float64Array,
): TraceDiagram | null {
  try {
    return draw(prepared, depth, limit, levels);
  } catch (error) {
    if (error === TOO_LONG) return null;
    throw error;
  }
}

function draw(
  p: PreparedTrace,
  depth: number,
  limit: number,
  levels: Float64Array | undefined,
): TraceDiagram | null {
  const { spans, children, parent, who, labels, crosses, callDepth, shape, options } = p;
  const n = spans.length;
  const cut = (i: number) => depth > 0 && callDepth[i]! > depth;
  const remote = (i: number) => (depth > 0 && callDepth[i]! + 1 > depth ? -1 : p.remoteTarget[i]!);
  const top = levels ? levels.length - 1 : 0;
  const levelOf = (d: number) => Math.min(d, top);

  // Bottom-up: whether a subtree draws anything.
  const draws = new Uint8Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const at = p.order[k]!;
    let any = false;
    for (const kid of children[at]!) if (draws[kid]) any = true;
    const shown =
      crosses[at] || options.internal !== 'hidden' || spans[at]!.error || remote(at) >= 0;
    draws[at] = !cut(at) && (shown || any) ? 1 : 0;
  }

  const summary: TraceSummary = {
    spans: n,
    shown: 0,
    participants: 0,
    messages: 0,
    folded: 0,
    inRepeats: 0,
    loops: 0,
    parBlocks: 0,
    hidden: 0,
    belowDepth: 0,
    depth,
    passes: 1,
    problems: p.problems,
  };
  const lines: string[] = [];
  let length = 0;
  let whole = true;
  let level = 0;
  const emit = (indent: number, line: string) => {
    const text = INDENT.repeat(indent) + line;
    length += text.length + 1;
    if (levels) levels[levelOf(level)] = levels[levelOf(level)]! + text.length + 1;
    if (length > limit) {
      if (!levels) throw TOO_LONG;
      whole = false;
      return;
    }
    lines.push(text);
  };
  // The least depth at which each participant is named (it is declared from then on).
  const firstLevel = new Int32Array(p.names.length).fill(-1);
  const appearance: number[] = [];
  const use = (participant: number) => {
    if (firstLevel[participant] === -1) appearance.push(participant);
    if (firstLevel[participant] === -1 || level < firstLevel[participant]!) {
      firstLevel[participant] = level;
    }
    return p.ids[participant]!;
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

  for (let i = 0; i < n; i++) if (cut(i)) summary.belowDepth += 1;

  const shownSpans = new Uint8Array(n);
  const repeated = new Uint8Array(n);
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
          repeated[list[j]!] = 1;
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
      // A par block shows from the least depth at which two of its branches draw.
      const depths = group.map((kid) => callDepth[kid]!).sort((a, b) => a - b);
      const parLevel = depths[1]!;
      summary.parBlocks += 1;
      tasks.push({ line: 'par', indent, level: parLevel });
      branches.forEach((branch, b) => {
        if (b > 0) tasks.push({ line: 'and', indent, level: parLevel });
        tasks.push(branch);
      });
      tasks.push({ line: 'end', indent, level: parLevel });
    }
    flush();
    for (let k = tasks.length - 1; k >= 0; k--) stack.push(tasks[k]!);
  };

  const run = () => {
    while (stack.length > 0) {
      const task = stack.pop()!;
      if ('line' in task) {
        level = task.level;
        emit(task.indent, task.line);
        continue;
      }
      if ('reply' in task) {
        level = task.level;
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
      level = callDepth[at]!;
      const before = length;
      let inner = indent;
      const after: Task[] = [];
      if (count > 1) {
        summary.loops += 1;
        summary.folded += count;
        emit(indent, `loop ${count} times`);
        after.push({ line: 'end', indent, level });
        inner = indent + 1;
      }
      const label = labels[at]!;
      const errorMark = span.error ? 'error' : '';
      const failure = p.failures[at]!;
      if (from !== to) {
        const caller = spans[parent[at]!]!;
        const async = span.kind === 'consumer' || caller.kind === 'producer' || span.follows;
        if (async) {
          message(inner, from, '-)', to, joined(label, errorMark));
          if (failure) emit(inner, `Note over ${use(to)}: ${failure}`);
        } else {
          message(inner, from, '->>+', to, label);
          after.unshift({
            reply: { from: to, arrow: span.error ? '--x-' : '-->>-', to: from },
            text: joined(errorMark, took(task.total, count)),
            indent: inner,
            level,
          });
          // The exception beside the failing reply it explains.
          if (failure) {
            after.splice(1, 0, {
              line: `Note over ${p.ids[to]!},${p.ids[from]!}: ${failure}`,
              indent: inner,
              level,
            });
          }
        }
      } else if (options.internal === 'self') {
        message(inner, to, '->>', to, joined(label, errorMark, took(task.total, count)));
      } else if (options.internal === 'notes') {
        emit(inner, `Note over ${use(to)}: ${joined(label, errorMark, took(task.total, count))}`);
      } else if (options.internal === 'activations') {
        emit(inner, `activate ${use(to)}`);
        emit(inner, `Note right of ${use(to)}: ${joined(label, errorMark)}`);
        after.unshift({ line: `deactivate ${use(to)}`, indent: inner, level });
      } else if (span.error) {
        emit(inner, `Note over ${use(to)}: ${joined(`error in ${label}`, failure)}`);
      }
      const callee = remote(at);
      if (callee >= 0) {
        level = callDepth[at]! + 1;
        message(inner, to, span.kind === 'producer' ? '-)' : '->>+', callee, label);
        if (span.kind !== 'producer') {
          message(
            inner,
            callee,
            span.error ? '--x-' : '-->>-',
            to,
            joined(errorMark, took(task.total, count)),
          );
          if (failure) emit(inner, `Note over ${use(callee)},${use(to)}: ${failure}`);
        }
      }
      if (length > before || after.length > 0) shownSpans[at] = 1;
      for (let k = after.length - 1; k >= 0; k--) stack.push(after[k]!);
      stack.push({ content: at, indent: inner });
    }
  };

  for (const root of p.roots) {
    if (!draws[root] && p.roots.length > 1 && children[root]!.length === 0) continue;
    const span = spans[root]!;
    level = 0;
    // A failing root's exceptions and events go on the lines below its own.
    const failure = p.failures[root]! && `<br/>${p.failures[root]!}`;
    emit(
      1,
      `Note over ${use(who[root]!)}: ${joined(labels[root]!, span.error ? 'error' : '', took(span.duration, 1))}${failure}`,
    );
    shownSpans[root] = 1;
    if (remote(root) >= 0) {
      stack.push({ span: root, from: who[root]!, count: 1, total: span.duration, indent: 1 });
    } else stack.push({ content: root, indent: 1 });
    run();
  }

  // Spans in a folded repeat: marked at the repeat, then every descendant after its parent.
  for (const at of p.order) {
    if (parent[at]! >= 0 && repeated[parent[at]!]) repeated[at] = 1;
    if (shownSpans[at]) summary.shown += 1;
    else if (cut(at)) continue;
    else if (repeated[at]) summary.inRepeats += 1;
    else summary.hidden += 1;
  }

  // Participants in the order the drawing first names them; one that drew nothing is left out.
  const shown = appearance.map((at) => ({ id: p.ids[at]!, name: p.names[at]!, at }));
  summary.participants = shown.length;
  const header = ['sequenceDiagram'];
  if (options.autonumber) header.push(`${INDENT}autonumber`);
  for (const { id, name, at } of shown) {
    const alias = breakIdentifiers(escapeLabel(shorten(name, options.labelMax)));
    const line =
      alias === id || alias === ''
        ? `${INDENT}participant ${id}`
        : `${INDENT}participant ${id} as ${alias}`;
    header.push(line);
    if (levels) levels[levelOf(firstLevel[at]!)]! += line.length + 1;
  }
  if (levels) levels[0]! += header.slice(0, options.autonumber ? 2 : 1).join('\n').length + 1;
  if (!whole) return null;
  return {
    text: `${header.join('\n')}\n${lines.join('\n')}\n`,
    title: traceTitle(spans[p.roots[0] ?? 0]),
    summary,
    notes: describe(summary),
  };
}
