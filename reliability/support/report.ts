/** Figures of a run: written to reports/<name>.json and printed as a Markdown table row. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

export function writeReport(name: string, figures: object): string {
  mkdirSync(REPORTS, { recursive: true });
  const file = `${REPORTS}${name}.json`;
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  return file;
}

export const ms = (value: number) => `${Math.round(value).toLocaleString('en')} ms`;
export const n = (value: number) => Math.round(value).toLocaleString('en');
