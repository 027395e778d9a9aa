/**
 * What the sequence reader can tell a writer before mermaid does: likely typos of participant
 * names and keywords, and blocks and activations that do not pair up. Each warning carries a
 * fix when one is obvious.
 */
import { closestName, editDistance } from './edit-distance.js';
import {
  BLOCK_BRANCHES,
  participantsOf,
  readSequence,
  type Span,
  type Statement,
} from './sequence.js';
import { sequenceStyles } from './sequence-styles.js';
import type { TextWarning } from './text-warning.js';

export type { Fix, TextWarning } from './text-warning.js';

/** Every keyword a sequence-diagram line may start with. */
export const SEQUENCE_KEYWORDS = [
  'participant',
  'actor',
  'loop',
  'alt',
  'else',
  'opt',
  'par',
  'and',
  'critical',
  'option',
  'break',
  'rect',
  'box',
  'end',
  'Note',
  'autonumber',
  'activate',
  'deactivate',
  'create',
  'destroy',
  'title',
  'link',
  'links',
  'properties',
  'details',
  'accTitle',
  'accDescr',
  'classDef',
  'class',
  'style',
  'linkStyle',
] as const;

function typoWarnings(statements: readonly Statement[], out: TextWarning[]) {
  const participants = participantsOf(statements);
  // Known: declared, or named more than once; most used first so ties go to the common name.
  const known = participants
    .filter((p) => p.declared || p.uses > 1)
    .sort((a, b) => b.uses - a.uses)
    .map((p) => p.name);
  for (const participant of participants) {
    if (participant.declared || participant.uses > 1) continue;
    const meant = closestName(participant.name, known);
    if (!meant) continue;
    const { from, to } = participant.first;
    out.push({
      from,
      to,
      message: `Did you mean ${meant}?`,
      fix: { from, to, insert: meant, label: `Change to ${meant}` },
    });
  }
}

function keywordWarning(statement: Statement, out: TextWarning[]) {
  const from = statement.from + statement.indent;
  const word = statement.keyword;
  if (statement.kind !== 'unknown') return;
  if (word === 'note') {
    out.push({
      from,
      to: statement.to,
      message: 'A note needs left of, right of or over',
      fix: null,
    });
    return;
  }
  const to = from + word.length;
  if (word === '') {
    out.push({ from, to: statement.to, message: 'Not a sequence diagram statement', fix: null });
    return;
  }
  const meant = SEQUENCE_KEYWORDS.find(
    (keyword) => editDistance(word, keyword.toLowerCase(), 2) <= Math.min(2, word.length >> 2),
  );
  out.push({
    from,
    to,
    message: meant
      ? `Unknown keyword "${word}". Did you mean ${meant}?`
      : `Unknown keyword "${word}"`,
    fix: meant ? { from, to, insert: meant, label: `Change to ${meant}` } : null,
  });
}

function lineSpan(statement: Statement): Span {
  return { from: statement.from + statement.indent, to: statement.to };
}

/** Blocks and branches that do not pair up, and deactivations of participants not active. */
function structureWarnings(statements: readonly Statement[], source: string, out: TextWarning[]) {
  const open: Statement[] = [];
  const active = new Map<string, number>();
  const activate = (name: string) => active.set(name, (active.get(name) ?? 0) + 1);
  const deactivate = (name: string, at: Span) => {
    const count = active.get(name) ?? 0;
    if (count > 0) active.set(name, count - 1);
    else out.push({ ...at, message: `${name} is not active (no activate before)`, fix: null });
  };
  for (const statement of statements) {
    const span = lineSpan(statement);
    if (statement.kind === 'open') open.push(statement);
    else if (statement.kind === 'end') {
      if (!open.pop()) {
        const to = Math.min(statement.to + 1, source.length);
        out.push({
          ...span,
          message: '"end" without an open block',
          fix: { from: statement.from, to, insert: '', label: 'Remove this line' },
        });
      }
    } else if (statement.kind === 'branch') {
      const block = open.at(-1)?.keyword;
      const wants = Object.keys(BLOCK_BRANCHES).filter(
        (key) => BLOCK_BRANCHES[key] === statement.keyword,
      );
      if (!block || BLOCK_BRANCHES[block] !== statement.keyword) {
        out.push({
          ...span,
          message: `"${statement.keyword}" outside ${wants.filter((w) => w !== 'par_over').join(' or ')}`,
          fix: null,
        });
      }
    } else if (statement.kind === 'activate' && statement.names[0]) {
      activate(statement.names[0].name);
    } else if (statement.kind === 'deactivate' && statement.names[0]) {
      deactivate(statement.names[0].name, statement.names[0]);
    } else if (statement.kind === 'message' && statement.activation) {
      const [sender, receiver] = statement.names;
      if (statement.activation === '+' && receiver) activate(receiver.name);
      if (statement.activation === '-' && sender && statement.arrow) {
        deactivate(sender.name, statement.arrow);
      }
    }
  }
  for (const block of open) {
    const indent = ' '.repeat(block.indent);
    const ending = source.endsWith('\n') || source === '' ? '' : '\n';
    out.push({
      ...lineSpan(block),
      message: `"${block.keyword}" is never closed with "end"`,
      fix: {
        from: source.length,
        to: source.length,
        insert: `${ending}${indent}end\n`,
        label: 'Add "end"',
      },
    });
  }
}

/** The warnings of a sequence diagram, in source order; none for other kinds of text. */
export function sequenceWarnings(source: string): TextWarning[] {
  const all = readSequence(source);
  const header = all.findIndex((statement) => statement.kind === 'header');
  if (header < 0) return [];
  const statements = all.slice(header + 1);
  const out: TextWarning[] = [];
  typoWarnings(statements, out);
  for (const statement of statements) keywordWarning(statement, out);
  structureWarnings(statements, source, out);
  out.push(...sequenceStyles(source, all).warnings);
  return out.sort((a, b) => a.from - b.from);
}
