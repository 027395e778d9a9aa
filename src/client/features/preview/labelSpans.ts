/**
 * Where the labels are in diagram source text: one line-by-line scan per diagram family, giving
 * the exact character range of each label so an edit can replace only that range.
 */
import type { LabelKind } from './protocol';

export type Family = 'sequence' | 'flowchart' | 'other';

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

export function diagramFamily(source: string): Family {
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('%%') || trimmed === '---') continue;
    if (/^sequenceDiagram\b/.test(trimmed)) return 'sequence';
    if (/^(flowchart|graph)\b/.test(trimmed)) return 'flowchart';
    if (!/^\w+:/.test(trimmed)) return 'other'; // front-matter keys such as `title:` are skipped
  }
  return 'other';
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

// Each reader below is linear in the line's length: no two unbounded quantifiers can take the
// same characters, and every search after a match is one forward scan.
const NOTE_HEAD = /^\s*note\s+(?:left of|right of|over)\s/i;
const BLOCK = /^\s*(?:loop|alt|else|opt|par|and|critical|option|break)\b/;
const PARTICIPANT = /^(\s*(?:create\s+)?(?:participant|actor)\s+)([^\s:]+?)(\s+as\s+|\s*$)/;
/** The core of every message arrow (`->>`, `-->`, `-x`, `--)`, `<<->>`…): a dash and its head. */
const ARROW = /-[>x)]/;

/** Where a note's text starts: past the first colon after its participants; -1 if not a note. */
function noteTextStart(line: string): number {
  const head = NOTE_HEAD.exec(line);
  if (!head) return -1;
  const colon = line.indexOf(':', head[0].length);
  return colon > head[0].length ? colon + 1 : -1;
}

/** Where a message's text starts: past the first colon, when an arrow comes before it; or -1. */
function messageTextStart(line: string): number {
  const colon = line.indexOf(':');
  if (colon < 0) return -1;
  // The sender takes at least one character, so the arrow starts at index 1 or later.
  return ARROW.test(line.slice(1, colon)) ? colon + 1 : -1;
}

function sequenceLine(line: string, lineStart: number, out: LabelSpan[]) {
  if (/^\s*%%/.test(line)) return;
  const note = noteTextStart(line);
  if (note >= 0) return void pushSpan(out, trimmedSpan('note', lineStart, line, note));
  const block = BLOCK.exec(line);
  if (block) return void pushSpan(out, trimmedSpan('block', lineStart, line, block[0].length));
  const participant = PARTICIPANT.exec(line);
  if (participant) {
    const [head, lead = '', id = '', as] = participant;
    if (as?.trim() === 'as') {
      const alias = trimmedSpan('actor', lineStart, line, head.length);
      if (alias) out.push({ ...alias, id });
    } else {
      const to = lineStart + lead.length + id.length;
      out.push({ kind: 'actor', from: to, to, raw: id, id, aliasInsert: true });
    }
    return;
  }
  const message = messageTextStart(line);
  if (message >= 0) pushSpan(out, trimmedSpan('message', lineStart, line, message));
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
  if (family === 'other') return out;
  let lineStart = 0;
  for (const line of source.split('\n')) {
    if (family === 'sequence') sequenceLine(line, lineStart, out);
    else flowchartLine(line, lineStart, out);
    lineStart += line.length + 1;
  }
  return out;
}
