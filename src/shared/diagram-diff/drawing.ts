/**
 * The text a diff is drawn from, and which drawn elements to mark. A removed message is not in
 * the `to` drawing, so the drawing is of a merged text: the `to` text with the removed messages,
 * notes and participant declarations of `from` put back where they stood (placed by a diff of
 * the two texts' lines, messages and notes compared as the diff compares them), their names read through any renames and activation marks left off (a
 * put-back `-` could deactivate a participant that is not active). Block lines of `from` are not
 * put back, so the merged text keeps the block structure of `to`.
 *
 * Mermaid draws messages and notes in source order, so the marks are lists in that order, and
 * participants are marked by name. A `linkStyle` line of `to` counts messages of `to`: in the
 * merged text its numbers are renumbered past the messages put back, so each style stays on its
 * own message and never lands on a ghost.
 */
import { diagramFamily } from '../mermaid-reader/kind.js';
import type { Statement } from '../mermaid-reader/sequence.js';
import { readStyleRule } from '../mermaid-reader/sequence-styles.js';
import { diffArrays } from 'diff';
import { compareSequences, lineKey, messageOf, type ReadText } from './compare.js';
import { MAX_EDITS } from './line-diff.js';

/** A change as the drawing shows it: green, red and ghosted, amber (changed label or moved). */
export type DiffMark = 'added' | 'removed' | 'changed' | 'moved';

export interface DiffMarks {
  /** One entry per message in drawing order; null leaves it as drawn. */
  messages: (DiffMark | null)[];
  notes: (DiffMark | null)[];
  /** By participant name (its id in the text). */
  participants: Record<string, DiffMark>;
}

export interface DiffDrawing {
  text: string;
  marks: DiffMarks;
}

export const NO_MARKS: DiffMarks = { messages: [], notes: [], participants: {} };

/** Which statements of one side carry a mark, by 1-based line. */
function marksByLine(
  changes: readonly { change: DiffMark; before: number | null; after: number | null }[],
  statements: readonly Statement[],
  side: 'before' | 'after',
): Map<number, DiffMark> {
  const byLine = new Map<number, DiffMark>();
  for (const change of changes) {
    const index = change[side];
    if (index === null) continue;
    if (side === 'before' && change.change !== 'removed') continue;
    const statement = statements[index];
    if (statement) byLine.set(statement.line, change.change);
  }
  return byLine;
}

/** A removed message written again, its names renamed and without activation marks. */
function messageLine(read: ReadText, statement: Statement, rename: (n: string) => string) {
  const message = messageOf(read, statement);
  const indent = ' '.repeat(statement.indent);
  const label = message.label === '' ? '' : `: ${message.label}`;
  return `${indent}${rename(message.sender)}${message.arrow}${rename(message.receiver)}${label}`;
}

function noteLine(read: ReadText, statement: Statement, rename: (n: string) => string) {
  const line = read.source.slice(statement.from, statement.to);
  const first = statement.names[0];
  const last = statement.names.at(-1);
  if (!first || !last) return line;
  const names = statement.names.map((name) => rename(name.name)).join(', ');
  const start = first.from - statement.from;
  const end = last.to - statement.from;
  return `${line.slice(0, start)}${names}${line.slice(end)}`;
}

/**
 * A `linkStyle` line of `to` with each message number replaced by that message's number in the
 * merged text (a number past `to`'s last message stays past the merged text's last one); null
 * when nothing changes (`default`).
 */
function renumbered(
  source: string,
  statement: Statement,
  merged: readonly number[],
  putBack: number,
) {
  const rule = readStyleRule(source, statement);
  if (!rule) return null;
  let line = '';
  let at = statement.from;
  for (const target of rule.targets) {
    if (!/^\d+$/.test(target.name)) continue;
    const number = Number(target.name);
    line += source.slice(at, target.from) + String(merged[number] ?? number + putBack);
    at = target.to;
  }
  return at === statement.from ? null : line + source.slice(at, statement.to);
}

/**
 * The drawing of the diff from `fromText` to `toText`. Without `withRemoved` (or for a text that
 * is not a sequence diagram) it is the `to` text as it is, with only what it holds marked.
 */
export function diffDrawing(fromText: string, toText: string, withRemoved = true): DiffDrawing {
  if (diagramFamily(fromText) !== 'sequence' || diagramFamily(toText) !== 'sequence') {
    return { text: toText, marks: NO_MARKS };
  }
  const { diff, from, to, messageChanges, noteChanges } = compareSequences(fromText, toText);
  const renames = new Map(diff.participants.renamed.map((r) => [r.from, r.to]));
  const rename = (name: string) => renames.get(name) ?? name;
  const removedNames = new Set(diff.participants.removed);
  const toMessages = marksByLine(messageChanges, to.messages, 'after');
  const toNotes = marksByLine(noteChanges, to.notes, 'after');
  const fromMessages = marksByLine(messageChanges, from.messages, 'before');
  const fromNotes = marksByLine(noteChanges, from.notes, 'before');

  const participants: Record<string, DiffMark> = {};
  for (const name of diff.participants.added) participants[name] = 'added';
  for (const { to: name } of diff.participants.renamed) participants[name] = 'changed';
  const marks: DiffMarks = { messages: [], notes: [], participants };
  const lines: string[] = [];
  const fromLines = fromText.split('\n');
  const toLines = toText.split('\n');

  /** Where each message of `to` (by its number) stands among the merged text's messages. */
  const mergedNumber: number[] = [];
  /** Kept `linkStyle` lines of `to`, renumbered once every message has its merged number. */
  const linkStyles: { at: number; statement: Statement }[] = [];
  const keepTo = (index: number) => {
    const statement = to.statements[index];
    if (statement?.kind === 'style' && statement.keyword === 'linkstyle') {
      linkStyles.push({ at: lines.length, statement });
    }
    lines.push(toLines[index] ?? '');
    if (statement?.kind === 'message') {
      mergedNumber.push(marks.messages.length);
      marks.messages.push(toMessages.get(statement.line) ?? null);
    }
    if (statement?.kind === 'note') marks.notes.push(toNotes.get(statement.line) ?? null);
  };
  const putBack = (index: number) => {
    const statement = from.statements[index];
    if (!statement) return;
    if (statement.kind === 'message' && fromMessages.has(statement.line)) {
      lines.push(messageLine(from, statement, rename));
      marks.messages.push('removed');
    } else if (statement.kind === 'note' && fromNotes.has(statement.line)) {
      lines.push(noteLine(from, statement, rename));
      marks.notes.push('removed');
    } else if (
      statement.kind === 'participant' &&
      statement.keyword !== 'create' &&
      removedNames.has(statement.names[0]?.name ?? '')
    ) {
      lines.push(fromLines[index] ?? '');
    }
  };

  const parts = withRemoved
    ? diffArrays(
        from.statements.map((statement) => lineKey(from, statement, rename)),
        to.statements.map((statement) => lineKey(to, statement, (name) => name)),
        { maxEditLength: MAX_EDITS },
      )
    : undefined;
  if (!parts) {
    toLines.forEach((_, index) => keepTo(index));
  } else {
    let before = 0;
    let after = 0;
    for (const part of parts) {
      const count = part.count ?? part.value.length;
      for (let i = 0; i < count; i++) {
        if (part.removed) putBack(before++);
        else if (part.added) keepTo(after++);
        else {
          keepTo(after++);
          before++;
        }
      }
    }
  }
  if (withRemoved && parts) {
    for (const name of diff.participants.removed) participants[name] = 'removed';
  }
  for (const { at, statement } of linkStyles) {
    const putBack = marks.messages.length - mergedNumber.length;
    lines[at] = renumbered(to.source, statement, mergedNumber, putBack) ?? lines[at]!;
  }
  return { text: lines.join('\n'), marks };
}
