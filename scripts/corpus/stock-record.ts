/**
 * Stock mermaid's answers, recorded. A fixed list of texts drawn in a fixed order (the fuzzer's
 * seed, the corpus sample, the regressions) gets the same answer from stock mermaid on every run
 * with the same stock package, Chromium and configuration, so the differential tests compare the
 * patched drawing with stock's recorded answer and draw with stock only where the record has none
 * or disagrees: half of the drawing, every run. A record is trusted for nothing: a patched
 * drawing that differs from it is compared again with stock drawn live, so a stale record costs
 * time, never a wrong verdict.
 *
 * Each answer is keyed by a hash chained over every text the page drew before it (stock keeps
 * state from one drawing to the next), seeded with the versions and the configuration.
 * `npm run corpus:record` draws everything with stock again and rewrites the records.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mermaidConfig } from '../../src/shared/mermaid-config';
import type { Drawing } from '../../test/support/mermaid-pages';

const require = createRequire(import.meta.url);
const RECORDS = join(dirname(fileURLToPath(import.meta.url)), 'stock-record');

/** True while `npm run corpus:record` rewrites the records: every stock answer is drawn live. */
export const recording = process.env.STOCK_RECORD === 'write';

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** What a stock drawing is remembered as: the hash of its SVG, or of its error. */
export function answerOf(drawing: Drawing, normalise: (svg: string) => string): string {
  return 'svg' in drawing ? `svg ${hash(normalise(drawing.svg))}` : `error ${hash(drawing.error)}`;
}

interface RecordFile {
  /** The versions and configuration the answers were drawn with (for people reading the file). */
  drawnWith: string;
  answers: Record<string, string>;
}

export interface StockRecord {
  /** The chain key of the next text, after every text before it. */
  next(text: string): string;
  /** Stock's recorded answer for a chain key, if any. */
  answer(key: string): string | undefined;
  /** Keeps a live answer (written out by save() while recording). */
  keep(key: string, answer: string): void;
  save(): void;
}

/**
 * The record named `name` for pages of `chromiumVersion`; no name: a record that has no answers
 * and keeps none (the whole corpus and one-off comparisons draw stock live).
 */
export function openStockRecord(name: string | undefined, chromiumVersion: string): StockRecord {
  const stock = (require('mermaid-stock/package.json') as { version: string }).version;
  const drawnWith = `mermaid ${stock}, Chromium ${chromiumVersion}`;
  let chain = hash(`${drawnWith}\n${JSON.stringify(mermaidConfig('neutral'))}`);
  const file = name ? join(RECORDS, `${name}.json`) : undefined;
  const stored: RecordFile | undefined =
    file && !recording && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as RecordFile)
      : undefined;
  const kept: Record<string, string> = {};
  return {
    next(text) {
      chain = hash(`${chain}\n${text}`);
      return chain;
    },
    answer: (key) => stored?.answers[key],
    keep(key, answer) {
      if (recording && file) kept[key] = answer;
    },
    save() {
      if (!recording || !file) return;
      mkdirSync(RECORDS, { recursive: true });
      const record: RecordFile = { drawnWith, answers: kept };
      writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
    },
  };
}
