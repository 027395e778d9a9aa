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
