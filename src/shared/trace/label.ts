/** The words a trace's diagram writes: span labels, durations and the title. */
import { shorten } from './escape.js';
import type { TraceSpan } from './model.js';

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

/** "frontend: GET /dispatch · 2024-03-01 12:34 UTC" */
export function traceTitle(span: TraceSpan | undefined): string {
  if (!span) return 'Imported trace';
  const when = new Date(span.start / 1000);
  const stamp = Number.isNaN(when.getTime())
    ? ''
    : ` · ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return `${shorten(`${span.service}: ${span.name || 'trace'}`, 150)}${stamp}`;
}

/**
 * Mermaid wraps a label at spaces, but a word wider than the line it breaks anywhere with a
 * hyphen ("/location/update-/v4", "…Service/Ge-tProduct"): in a trace nearly every long word is
 * an identifier, where a hyphen reads as part of the name. A label holding a word longer than
 * WORD_MAX characters is therefore broken here, with mermaid's own `<br/>`, at spaces, before a
 * `/` and after a `.`, into lines of about LINE_MAX characters; mermaid leaves a label with line
 * breaks as it is, so nothing is hyphenated, and a word with none of those stays whole.
 */
const WORD_MAX = 14;
const LINE_MAX = 16;
// Where an identifier may break: before a slash (not at its start) and after a dot. Linear.
const BREAK_POINT = /(?<=[^/])(?=\/)|(?<=\.)(?=[^.])/;
// An escaped character (`#58;`) is one character on the drawing.
const ENTITY = /#\d+;/g;
const shownLength = (text: string) => text.replace(ENTITY, '#').length;

export function breakIdentifiers(label: string): string {
  const words = label.split(' ').filter((word) => word !== '');
  if (!words.some((word) => shownLength(word) > WORD_MAX)) return label;
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    word.split(BREAK_POINT).forEach((piece, index) => {
      const joined = line === '' ? piece : index === 0 ? `${line} ${piece}` : `${line}${piece}`;
      if (line !== '' && shownLength(joined) > LINE_MAX) {
        lines.push(line);
        line = piece;
      } else line = joined;
    });
  }
  if (line !== '') lines.push(line);
  return lines.join('<br/>');
}
