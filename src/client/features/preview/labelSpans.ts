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

const NOTE = /^\s*note\s+(?:left of|right of|over)\s+[^:]+:/i;
const BLOCK = /^\s*(?:loop|alt|else|opt|par|and|critical|option|break)\b/;
const PARTICIPANT = /^(\s*(?:create\s+)?(?:participant|actor)\s+)([^\s:]+?)(\s+as\s+|\s*$)/;
const MESSAGE = /^\s*[^:]+?(?:<<)?--?(?:>>|>|x|\))\s*[+-]?[^:]*:/;

function sequenceLine(line: string, lineStart: number, out: LabelSpan[]) {
  if (/^\s*%%/.test(line)) return;
  const note = NOTE.exec(line);
  if (note) return void pushSpan(out, trimmedSpan('note', lineStart, line, note[0].length));
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
  const message = MESSAGE.exec(line);
  if (message) pushSpan(out, trimmedSpan('message', lineStart, line, message[0].length));
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
const FLOW_TOKEN =
  /(\|)|([A-Za-z0-9_]+)(\(\(\(|\[\[|\[\(|\(\[|\(\(|\{\{|\[\/|\[\\|\[|\(|\{|>)|(?<![-=.])(--|==|-\.)(?![->=.])/g;
const INLINE_EDGE_END = /\s*(?:--+>|--+-|==+>|==+=|\.-+>|\.-+)/;

/** The end of a node's text: past a closing quote when quoted, then the shape's closer. */
function nodeTextEnd(line: string, start: number, closer: string): number {
  let search = start;
  if (line[start] === '"') {
    const quote = line.indexOf('"', start + 1);
    if (quote >= 0) search = quote + 1;
  }
  if (closer !== '/]' && closer !== '\\]') return line.indexOf(closer, search);
  // `[/text\]` and `[\text/]` (trapezoids) close with the other slash.
  const slash = /\/]|\\]/.exec(line.slice(search));
  return slash ? search + slash.index : -1;
}

function flowchartLine(line: string, lineStart: number, out: LabelSpan[]) {
  if (/^\s*(%%|classDef|class|style|linkStyle|click)\b/.test(line)) return;
  FLOW_TOKEN.lastIndex = 0;
  for (let match = FLOW_TOKEN.exec(line); match; match = FLOW_TOKEN.exec(line)) {
    const after = match.index + match[0].length;
    let end: number;
    let kind: LabelKind = 'edge';
    let id: string | null = null;
    if (match[1]) {
      end = line.indexOf('|', after);
    } else if (match[2] && match[3]) {
      kind = 'node';
      id = match[2];
      end = nodeTextEnd(line, after, NODE_CLOSERS[match[3]] ?? ']');
    } else {
      const rest = INLINE_EDGE_END.exec(line.slice(after));
      end = rest ? after + rest.index : -1;
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
