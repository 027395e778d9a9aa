/**
 * A sequence diagram's statements as the steps a text drawing shows, top to bottom: messages
 * (numbered when `autonumber` is on), notes, block frames and activations. Lines before the
 * `sequenceDiagram` header (front matter) and comments are skipped; a line that is no statement
 * is refused with its number, as mermaid refuses it.
 */
import type { Statement } from '../mermaid-reader/sequence.js';
import { cleanText, labelLines, labelText } from './cells.js';
import { TextDiagramError } from './glyphs.js';
import { LABEL_COLUMNS } from './sequence-layout.js';

export type Head = 'filled' | 'open' | 'lost' | 'none';

export type Step =
  | {
      kind: 'message';
      from: number;
      to: number;
      lines: string[];
      dotted: boolean;
      start: Head;
      end: Head;
      activation: '+' | '-' | null;
    }
  | { kind: 'note'; place: 'left' | 'right' | 'over'; from: number; to: number; lines: string[] }
  | { kind: 'open'; label: string }
  | { kind: 'branch'; label: string }
  | { kind: 'end' }
  | { kind: 'activate'; who: number }
  | { kind: 'create'; who: number }
  | { kind: 'destroy'; who: number }
  | { kind: 'deactivate'; who: number };

export interface Steps {
  title: string | null;
  steps: Step[];
  /** The deepest nesting of drawn block frames. */
  depth: number;
}

function headOf(mark: string): Head {
  if (mark.endsWith('>>') || mark.startsWith('<<') || /[|/\\]/.test(mark)) return 'filled';
  if (mark.endsWith('x')) return 'lost';
  if (mark.endsWith(')')) return 'open';
  return 'none';
}

function arrowHeads(arrow: string): { start: Head; end: Head; dotted: boolean } {
  const dotted = arrow.includes('--');
  const firstDash = arrow.indexOf('-');
  const lastDash = arrow.lastIndexOf('-');
  const before = arrow.slice(0, firstDash);
  const after = arrow.slice(lastDash + 1);
  return {
    dotted,
    start: before === '' ? 'none' : headOf(before),
    end: after === '' ? 'none' : headOf(after),
  };
}

interface Numbering {
  next: number;
  step: number;
  on: boolean;
}

function readAutonumber(rest: string, numbering: Numbering): void {
  const words = rest.trim().split(/\s+/).filter(Boolean);
  if (words[0]?.toLowerCase() === 'off') {
    numbering.on = false;
    return;
  }
  numbering.on = true;
  const start = Number(words[0]);
  const step = Number(words[1]);
  if (Number.isFinite(start) && words[0] !== undefined) numbering.next = start;
  if (Number.isFinite(step) && words[1] !== undefined) numbering.step = step;
}

const TITLED = new Set(['loop', 'alt', 'opt', 'par', 'par_over', 'critical', 'break']);

export function sequenceSteps(
  statements: readonly Statement[],
  source: string,
  indexOf: ReadonlyMap<string, number>,
): Steps {
  const steps: Step[] = [];
  const numbering: Numbering = { next: 1, step: 1, on: false };
  let title: string | null = null;
  let started = false;
  let depth = 0;
  let deepest = 0;
  // Each open block: whether it is drawn as a frame (a `box` groups participants and is not).
  const blocks: boolean[] = [];
  const textOf = (statement: Statement) =>
    statement.text ? source.slice(statement.text.from, statement.text.to) : '';
  const index = (statement: Statement, at: number) =>
    indexOf.get(statement.names[at]?.name ?? '') ?? -1;

  for (const statement of statements) {
    if (!started) {
      started = statement.kind === 'header';
      continue;
    }
    switch (statement.kind) {
      case 'message': {
        const from = index(statement, 0);
        const to = index(statement, 1);
        if (from < 0 || to < 0) break;
        const heads = arrowHeads(statement.arrow?.text ?? '->>');
        let label = textOf(statement);
        if (numbering.on) {
          label = `${numbering.next}. ${label}`;
          numbering.next += numbering.step;
        }
        const lines = label.trim() === '' ? [] : labelLines(label, LABEL_COLUMNS);
        steps.push({
          kind: 'message',
          from,
          to,
          lines,
          ...heads,
          activation: statement.activation,
        });
        break;
      }
      case 'note': {
        const place = /^note\s+(left|right)/i.exec(
          source.slice(statement.from, statement.to).trim(),
        );
        const ends = [index(statement, 0), index(statement, statement.names.length - 1)];
        if (ends.some((end) => end < 0)) break;
        steps.push({
          kind: 'note',
          place: place ? (place[1]?.toLowerCase() as 'left' | 'right') : 'over',
          from: Math.min(...ends),
          to: Math.max(...ends),
          lines: labelLines(textOf(statement), LABEL_COLUMNS),
        });
        break;
      }
      case 'open': {
        const framed = statement.keyword !== 'box';
        blocks.push(framed);
        if (!framed) break;
        depth += 1;
        deepest = Math.max(deepest, depth);
        const text = labelText(textOf(statement)).trim();
        const keyword = statement.keyword === 'par_over' ? 'par' : statement.keyword;
        const label = TITLED.has(statement.keyword) && text ? `${keyword} [${text}]` : keyword;
        steps.push({ kind: 'open', label: statement.keyword === 'rect' ? '' : label });
        break;
      }
      case 'branch': {
        const text = labelText(textOf(statement)).trim();
        steps.push({
          kind: 'branch',
          label: text ? `${statement.keyword} [${text}]` : statement.keyword,
        });
        break;
      }
      case 'end': {
        const framed = blocks.pop();
        if (framed) {
          depth -= 1;
          steps.push({ kind: 'end' });
        }
        break;
      }
      case 'participant': {
        const who = index(statement, 0);
        if (statement.keyword === 'create' && who >= 0) steps.push({ kind: 'create', who });
        break;
      }
      case 'destroy':
      case 'activate':
      case 'deactivate': {
        const who = index(statement, 0);
        if (who >= 0) steps.push({ kind: statement.kind, who });
        break;
      }
      case 'keyword': {
        const rest = source.slice(
          statement.from + statement.indent + statement.keyword.length,
          statement.to,
        );
        if (statement.keyword === 'autonumber') readAutonumber(rest, numbering);
        if (statement.keyword === 'title') title = labelText(rest.replace(/^\s*:?/, '')).trim();
        break;
      }
      case 'unknown':
        throw new TextDiagramError(
          'invalid',
          `Line ${statement.line} is not a sequence diagram statement: "${cleanText(source.slice(statement.from, statement.to).trim()).slice(0, 60)}".`,
        );
      default:
        break;
    }
  }
  while (blocks.length > 0) {
    if (blocks.pop()) steps.push({ kind: 'end' });
  }
  return { title, steps, depth: deepest };
}
