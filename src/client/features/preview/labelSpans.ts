/**
 * Where the labels are in diagram source text: one line-by-line scan per diagram family, giving
 * the exact character range of each label so an edit can replace only that range.
 */
import { diagramFamily, type Family } from '@shared/mermaid-reader/kind';
import { readSequence, type Span } from '@shared/mermaid-reader/sequence';
import type { LabelKind } from './protocol';
import { LABELLED_BLOCKS } from '@shared/mermaid-reader/sequence';

export { diagramFamily };

export type { Family };

export interface LabelSpan {
  kind: LabelKind;
  from: number;
  to: number;
  /** The source text of the label (quotes included when quoted). */
  raw: string;
  /** The participant or node id the label belongs to, when it has one. */
  id: string | null;
  /** For a participant declared without `as`: where ` as <alias>` would be inserted. */
  aliasInsert?: boolean;
}

/** The span of `text` inside a line, trimmed of surrounding spaces; null when blank. */
function trimmedSpan(kind: LabelKind, lineStart: number, line: string, start: number) {
  const part = line.slice(start);
  const lead = part.length - part.trimStart().length;
  const raw = part.trim();
  if (raw === '') return null;
  const from = lineStart + start + lead;
  return { kind, from, to: from + raw.length, raw, id: null } satisfies LabelSpan;
}

/** A span of the source as a label, or null when it has no text. */
function spanOf(kind: LabelKind, source: string, span: Span | null): LabelSpan | null {
  if (!span) return null;
  return { kind, from: span.from, to: span.to, raw: source.slice(span.from, span.to), id: null };
}

/** Participants, messages, notes and block titles, in the order mermaid draws each kind. */
function sequenceSpans(source: string, out: LabelSpan[]) {
  for (const statement of readSequence(source)) {
    const { kind } = statement;
    if (kind === 'note') pushSpan(out, spanOf('note', source, statement.text));
    else if ((kind === 'open' || kind === 'branch') && LABELLED_BLOCKS.has(statement.keyword)) {
      pushSpan(out, spanOf('block', source, statement.text));
    } else if (kind === 'participant' && statement.names[0]) {
      const { name: id, to } = statement.names[0];
      const alias = spanOf('actor', source, statement.text);
      if (alias) out.push({ ...alias, id });
      else out.push({ kind: 'actor', from: to, to, raw: id, id, aliasInsert: true });
    } else if (kind === 'message') pushSpan(out, spanOf('message', source, statement.text));
  }
}

function pushSpan(out: LabelSpan[], span: LabelSpan | null) {
  if (span) out.push(span);
}

const NODE_CLOSERS: Record<string, string> = {
  '(((': ')))',
  '[[': ']]',
  '[(': ')]',
  '([': '])',
  '((': '))',
  '{{': '}}',
  '[/': '/]',
  '[\\': '\\]',
  '[': ']',
  '(': ')',
  '{': '}',
  '>': ']',
};
// An edge's pipe label, a node with a shape, or the start of an inline edge label (`-- text -->`).
// A node id starts where a run of word characters starts, so a run without a shape is read once.
const FLOW_TOKEN =
  /(\|)|(?<![A-Za-z0-9_])([A-Za-z0-9_]+)(\(\(\(|\[\[|\[\(|\(\[|\(\(|\{\{|\[\/|\[\\|\[|\(|\{|>)|(?<![-=.])(--|==|-\.)(?![->=.])/g;
/** Where a trapezoid (`[/text\]`, `[\text/]`) closes: either slash before `]`. */
const TRAPEZOID_END = /[/\\]]/g;
/** Where an inline edge label ends: the arrow or line (`-->`, `---`, `==>`, `===`, `.->`, `.-`). */
const INLINE_EDGE_END = /(?=--[->]|==[=>]|\.-)/g;

/**
 * Where the closers of one line are, each found in one scan and then looked up, so tokens that
 * find no closer do not search the rest of the line again and again.
 */
class Closers {
  private readonly positions = new Map<string | RegExp, number[]>();

  constructor(private readonly line: string) {}

  /** The first index at or after `from` where `closer` (a string, or a global pattern) starts. */
  next(closer: string | RegExp, from: number): number {
    const found = this.positionsOf(closer);
    let low = 0;
    let high = found.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((found[middle] ?? 0) < from) low = middle + 1;
      else high = middle;
    }
    return found[low] ?? -1;
  }

  private positionsOf(closer: string | RegExp): number[] {
    let found = this.positions.get(closer);
    if (found) return found;
    found = [];
    if (typeof closer === 'string') {
      for (let at = this.line.indexOf(closer); at >= 0; at = this.line.indexOf(closer, at + 1))
        found.push(at);
    } else {
      for (const match of this.line.matchAll(closer)) found.push(match.index);
    }
    this.positions.set(closer, found);
    return found;
  }
}

/** The end of a node's text: past a closing quote when quoted, then the shape's closer. */
function nodeTextEnd(line: string, closers: Closers, start: number, closer: string): number {
  let search = start;
  if (line[start] === '"') {
    const quote = closers.next('"', start + 1);
    if (quote >= 0) search = quote + 1;
  }
  // `[/text\]` and `[\text/]` (trapezoids) close with the other slash.
  const trapezoid = closer === '/]' || closer === '\\]';
  return closers.next(trapezoid ? TRAPEZOID_END : closer, search);
}

/** The end of an inline edge label: the spaces before the arrow that ends it. */
function inlineEdgeEnd(line: string, closers: Closers, start: number): number {
  let end = closers.next(INLINE_EDGE_END, start);
  if (end < 0) return end;
  while (end > start && /\s/.test(line[end - 1] ?? '')) end--;
  return end;
}

function flowchartLine(line: string, lineStart: number, out: LabelSpan[]) {
  if (/^\s*(%%|classDef|class|style|linkStyle|click)\b/.test(line)) return;
  const closers = new Closers(line);
  FLOW_TOKEN.lastIndex = 0;
  for (let match = FLOW_TOKEN.exec(line); match; match = FLOW_TOKEN.exec(line)) {
    const after = match.index + match[0].length;
    let end: number;
    let kind: LabelKind = 'edge';
    let id: string | null = null;
    if (match[1]) {
      end = closers.next('|', after);
    } else if (match[2] && match[3]) {
      kind = 'node';
      id = match[2];
      end = nodeTextEnd(line, closers, after, NODE_CLOSERS[match[3]] ?? ']');
    } else {
      end = inlineEdgeEnd(line, closers, after);
    }
    if (end < 0) continue;
    const span = trimmedSpan(kind, lineStart, line.slice(0, end), after);
    if (span) out.push({ ...span, id });
    FLOW_TOKEN.lastIndex = end + 1;
  }
}

/** Every label of the source in source order. */
export function labelSpans(source: string, family: Family): LabelSpan[] {
  const out: LabelSpan[] = [];
  if (family === 'sequence') sequenceSpans(source, out);
  if (family !== 'flowchart') return out;
  let lineStart = 0;
  for (const line of source.split('\n')) {
    flowchartLine(line, lineStart, out);
    lineStart += line.length + 1;
  }
  return out;
}
