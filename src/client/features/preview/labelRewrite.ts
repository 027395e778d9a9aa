/**
 * Rewrites one label of the diagram source after an in-place edit in the preview: the n-th label
 * of the same kind drawn with the same text, and nothing else. Pure, so the editor can apply the
 * result as one undoable change of exactly that range.
 */
import { diagramFamily, labelSpans, type Family, type LabelSpan } from './labelSpans';
import type { LabelEdit } from './protocol';

export type LabelEditRequest = Omit<LabelEdit, 'type'>;

export type LabelRewrite =
  { ok: true; from: number; to: number; insert: string } | { ok: false; reason: string };

const NAMED_ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', nbsp: ' ' };

/** Mermaid's `#59;`-style entities, decoded as the drawing shows them. */
function decodeEntities(text: string): string {
  return text.replace(/#(\w+);/g, (whole, name: string) => {
    if (/^\d+$/.test(name)) return String.fromCodePoint(Number(name));
    return NAMED_ENTITIES[name] ?? whole;
  });
}

/**
 * What a label reads as, for comparing source with drawing: entities decoded, `<br/>` and line
 * wrapping as single spaces, surrounding quotes dropped.
 */
export function labelKey(text: string): string {
  let key = text.trim();
  if (key.length >= 2 && key.startsWith('"') && key.endsWith('"')) key = key.slice(1, -1);
  key = decodeEntities(key.replace(/<br\s*\/?>/gi, '\n'));
  return key.replace(/\s+/g, ' ').trim();
}

function lines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => line.trim());
}

/** Sequence text cannot hold a raw `;` (ends a statement) or `#` (starts a comment). */
function encodeSequence(text: string): string {
  return lines(text)
    .map((line) => line.replace(/[#;]/g, (char) => (char === '#' ? '#35;' : '#59;')))
    .join('<br/>');
}

const FLOW_SPECIAL = /[[\](){}|<>"#;&]/;

/** Flowchart text with shape characters or quotes is written quoted, quotes as `#quot;`. */
function encodeFlowchart(text: string, wasQuoted: boolean): string {
  const parts = lines(text);
  const quote = wasQuoted || parts.some((line) => FLOW_SPECIAL.test(line));
  const body = parts.map((line) => (quote ? line.replace(/"/g, '#quot;') : line)).join('<br/>');
  return quote ? `"${body}"` : body;
}

function encode(family: Family, span: LabelSpan, text: string): string {
  if (family === 'flowchart') return encodeFlowchart(text, span.raw.startsWith('"'));
  if (family === 'sequence') return encodeSequence(text);
  return lines(text).join('<br/>');
}

function notFound(text: string): LabelRewrite {
  return {
    ok: false,
    reason: `Couldn't find "${text.replace(/\s+/g, ' ').trim()}" in the diagram text, so it was left unchanged.`,
  };
}

/** The source span an edit refers to, or null. */
function findSpan(source: string, family: Family, edit: LabelEditRequest): LabelSpan | null {
  const key = labelKey(edit.text);
  const spans = labelSpans(source, family).filter((span) => span.kind === edit.kind);
  if (edit.elementId !== null && (edit.kind === 'actor' || edit.kind === 'node')) {
    const own = spans.filter((span) => span.id === edit.elementId);
    return own.find((span) => labelKey(span.raw) === key) ?? own.at(-1) ?? null;
  }
  const same = spans.filter((span) => labelKey(span.raw) === key);
  return same[edit.occurrence] ?? null;
}

/** Labels the scanner does not know (other diagram kinds): the n-th plain occurrence. */
function findPlain(source: string, edit: LabelEditRequest): LabelSpan | null {
  const needle = edit.text.split('\n').join('<br/>');
  let from = -1;
  for (let seen = 0; seen <= edit.occurrence; seen++) {
    from = source.indexOf(needle, from + 1);
    if (from < 0 || needle === '') return null;
  }
  return { kind: 'text', from, to: from + needle.length, raw: needle, id: null };
}

export function rewriteLabel(source: string, edit: LabelEditRequest): LabelRewrite {
  const family = diagramFamily(source);
  const span =
    findSpan(source, family, edit) ??
    (edit.kind === 'text' || family === 'other' ? findPlain(source, edit) : null);
  if (!span) return notFound(edit.text);
  // A blank label would break the line; it counts as no change.
  if (edit.replacement.trim() === '')
    return { ok: true, from: span.from, to: span.to, insert: span.raw };
  let insert = encode(family, span, edit.replacement);
  if (span.aliasInsert) insert = insert === span.raw ? '' : ` as ${insert}`;
  return { ok: true, from: span.from, to: span.to, insert };
}
