/**
 * What changed between two versions of a diagram, read with the one reader of sequence text
 * (mermaid-reader/sequence.ts). Participants are compared first, so a renamed participant's
 * messages compare equal; then messages, notes and block lines each go through diffItems.
 *
 * A participant P of `from` that is gone from `to` was **renamed** to Q, new in `to`, when
 *  - P and Q stand at the same place in the order participants first appear, and either neither
 *    is named by any message or at least one message naming P matches one naming Q once P is
 *    read as Q; or
 *  - wherever they stand, at least half of the messages naming the busier of the two match.
 * Pairs are taken in the order of `from`; each name is paired once.
 *
 * Every other difference shows too: a declaration that changed (an alias, actor for participant),
 * an activation mark, style lines, and every other line (autonumber, activate, boxes, comments,
 * block ends…) by its trimmed text. Texts that differ in spacing alone say so.
 */
import { diagramFamily } from '../mermaid-reader/kind.js';
import { participantsOf, readSequence, type Statement } from '../mermaid-reader/sequence.js';
import { diffItems, type Item, type ItemChange, type ItemChangeKind } from './items.js';
import { lineDiff } from './line-diff.js';
import type {
  DiagramDiff,
  DiffBlock,
  DiffDeclaration,
  DiffLine,
  DiffMessage,
  DiffNote,
  SequenceDiff,
} from './schema.js';
import { sequenceSummary, textSummary } from './summary.js';

const SEPARATOR = '\u0001';

/** A sequence text read once: its statements by kind. */
export interface ReadText {
  source: string;
  statements: Statement[];
  messages: Statement[];
  notes: Statement[];
  blocks: Statement[];
  styles: Statement[];
  /** Lines that are none of the above, no declaration, blank line or header. */
  others: Statement[];
  participants: string[];
}

/** Kinds compared item by item; every other non-blank line is compared by its text. */
const ITEM_KINDS = new Set(['message', 'note', 'open', 'branch', 'style', 'participant']);

export function readText(source: string): ReadText {
  const statements = readSequence(source);
  return {
    source,
    statements,
    messages: statements.filter((s) => s.kind === 'message'),
    notes: statements.filter((s) => s.kind === 'note'),
    blocks: statements.filter((s) => s.kind === 'open' || s.kind === 'branch'),
    styles: statements.filter((s) => s.kind === 'style'),
    others: statements.filter(
      (s) => !ITEM_KINDS.has(s.kind) && s.kind !== 'blank' && s.kind !== 'header',
    ),
    participants: participantsOf(statements).map((p) => p.name),
  };
}

/** A line by its trimmed text. */
const lineOf = (read: ReadText, statement: Statement): DiffLine => ({
  line: statement.line,
  text: read.source.slice(statement.from, statement.to).trim(),
});

/** A line's spacing collapsed: `autonumber  10` is the line `autonumber 10`. */
const collapsed = (line: string) => line.trim().split(/\s+/).join(' ');

const lineItem = (line: DiffLine): Item => ({
  slot: /^\S*/.exec(line.text)?.[0] ?? '',
  key: collapsed(line.text),
});

/** Each declared participant's declaration, read through `rename`: its keyword and alias. */
function declarationsOf(
  read: ReadText,
  rename: Rename,
): Map<string, { text: string; shown: string }> {
  const declared = new Map<string, { text: string; shown: string }>();
  for (const statement of read.statements) {
    const name = statement.names[0]?.name;
    if (statement.kind !== 'participant' || name === undefined) continue;
    const alias = textOf(read, statement);
    const keyword = read.source
      .slice(statement.from + statement.indent, statement.names[0]!.from)
      .trim()
      .split(/\s+/)
      .join(' ');
    const text = `${keyword} ${rename(name)}${alias === '' ? '' : ` as ${alias}`}`;
    declared.set(rename(name), { text, shown: alias === '' ? rename(name) : alias });
  }
  return declared;
}

/** Participants in both texts whose declaration changed. */
function declarationChanges(from: ReadText, to: ReadText, rename: Rename): DiffDeclaration[] {
  const before = declarationsOf(from, rename);
  const after = declarationsOf(to, (name) => name);
  const inBoth = new Set(from.participants.map(rename));
  const changes: DiffDeclaration[] = [];
  for (const name of to.participants) {
    if (!inBoth.has(name)) continue;
    const was = before.get(name);
    const is = after.get(name);
    if ((was?.text ?? '') === (is?.text ?? '')) continue;
    changes.push({
      name,
      from: was?.text ?? '',
      to: is?.text ?? '',
      renamed: (was?.shown ?? name) !== (is?.shown ?? name),
    });
  }
  return changes;
}

/** The non-blank lines of a text, each with its spacing collapsed. */
const spaced = (source: string) =>
  source
    .split('\n')
    .map(collapsed)
    .filter((line) => line !== '')
    .join('\n');

const textOf = (read: ReadText, statement: Statement) =>
  statement.text ? read.source.slice(statement.text.from, statement.text.to) : '';

export function messageOf(read: ReadText, statement: Statement): DiffMessage {
  return {
    line: statement.line,
    sender: statement.names[0]?.name ?? '',
    arrow: statement.arrow?.text ?? '',
    receiver: statement.names[1]?.name ?? '',
    label: textOf(read, statement),
  };
}

function noteOf(read: ReadText, statement: Statement): DiffNote {
  const line = read.source.slice(statement.from, statement.to);
  const placement = /^\s*note\s+(left of|right of|over)/i.exec(line)?.[1]?.toLowerCase() ?? '';
  return {
    line: statement.line,
    placement,
    participants: statement.names.map((name) => name.name),
    text: textOf(read, statement),
  };
}

const blockOf = (read: ReadText, statement: Statement): DiffBlock => ({
  line: statement.line,
  keyword: statement.keyword,
  condition: textOf(read, statement),
});

export type Rename = (name: string) => string;

const messageItem = (message: DiffMessage, rename: Rename): Item => {
  const slot = [rename(message.sender), message.arrow, rename(message.receiver)].join(SEPARATOR);
  return { slot, key: `${slot}${SEPARATOR}${message.label}` };
};

const noteItem = (note: DiffNote, rename: Rename): Item => {
  const slot = [note.placement, ...note.participants.map(rename)].join(SEPARATOR);
  return { slot, key: `${slot}${SEPARATOR}${note.text}` };
};

const blockItem = (block: DiffBlock): Item => ({
  slot: block.keyword,
  key: `${block.keyword}${SEPARATOR}${block.condition}`,
});

/**
 * Beyond this many new participants, only the one at the same place is tried as a rename, so
 * pairing stays linear in the text however many participants change.
 */
const RENAME_CANDIDATES_MAX = 32;

/** The messages naming each participant. */
function messagesByName(messages: readonly DiffMessage[]): Map<string, DiffMessage[]> {
  const byName = new Map<string, DiffMessage[]>();
  for (const message of messages) {
    for (const name of new Set([message.sender, message.receiver])) {
      const list = byName.get(name);
      if (list) list.push(message);
      else byName.set(name, [message]);
    }
  }
  return byName;
}

/**
 * What a line is, for lining two texts up: a message or note by its key (names read through
 * `rename`, activation marks and spacing left out), any other line by its trimmed text.
 */
export function lineKey(read: ReadText, statement: Statement, rename: Rename): string {
  if (statement.kind === 'message') return messageItem(messageOf(read, statement), rename).key;
  if (statement.kind === 'note') return noteItem(noteOf(read, statement), rename).key;
  return collapsed(read.source.slice(statement.from, statement.to));
}

/** Keys of `messages` with `rename` applied, as a multiset. */
function keyCounts(messages: readonly DiffMessage[], rename: Rename): Map<string, number> {
  const keys = new Map<string, number>();
  for (const message of messages) {
    const key = messageItem(message, rename).key;
    keys.set(key, (keys.get(key) ?? 0) + 1);
  }
  return keys;
}

function findRenames(
  from: ReadText,
  to: ReadText,
  fromMessages: DiffMessage[],
  toMessages: DiffMessage[],
): Map<string, string> {
  const toNames = new Set(to.participants);
  const fromNames = new Set(from.participants);
  const added = to.participants.filter((name) => !fromNames.has(name));
  const fromBy = messagesByName(fromMessages);
  const toBy = messagesByName(toMessages);
  const renames = new Map<string, string>();
  const taken = new Set<string>();
  const same: Rename = (name) => name;
  for (const [position, name] of from.participants.entries()) {
    if (toNames.has(name)) continue;
    const atPlace = to.participants[position];
    const candidates =
      added.length <= RENAME_CANDIDATES_MAX
        ? added
        : added.filter((candidate) => candidate === atPlace);
    for (const candidate of candidates) {
      if (taken.has(candidate)) continue;
      const asCandidate: Rename = (n) => (n === name ? candidate : n);
      const before = fromBy.get(name) ?? [];
      const after = keyCounts(toBy.get(candidate) ?? [], same);
      let matches = 0;
      for (const [key, times] of keyCounts(before, asCandidate)) {
        matches += Math.min(times, after.get(key) ?? 0);
      }
      const busier = Math.max(before.length, toBy.get(candidate)?.length ?? 0);
      const samePlace = candidate === atPlace;
      if ((samePlace && (busier === 0 || matches > 0)) || (matches > 0 && matches * 2 >= busier)) {
        renames.set(name, candidate);
        taken.add(candidate);
        break;
      }
    }
  }
  return renames;
}

/** The diff with, for drawing it, the item changes of each kind by index. */
export interface SequenceComparison {
  diff: SequenceDiff;
  from: ReadText;
  to: ReadText;
  messageChanges: ItemChange[];
  noteChanges: ItemChange[];
}

function changesOf<T>(
  changes: readonly ItemChange[],
  before: readonly T[],
  after: readonly T[],
): { change: ItemChangeKind; before: T | null; after: T | null }[] {
  return changes.map((change) => ({
    change: change.change,
    before: change.before === null ? null : (before[change.before] ?? null),
    after: change.after === null ? null : (after[change.after] ?? null),
  }));
}

export function compareSequences(fromText: string, toText: string): SequenceComparison {
  const from = readText(fromText);
  const to = readText(toText);
  const fromMessages = from.messages.map((s) => messageOf(from, s));
  const toMessages = to.messages.map((s) => messageOf(to, s));
  const renames = findRenames(from, to, fromMessages, toMessages);
  const rename: Rename = (name) => renames.get(name) ?? name;
  const same: Rename = (name) => name;
  const fromNotes = from.notes.map((s) => noteOf(from, s));
  const toNotes = to.notes.map((s) => noteOf(to, s));
  const fromBlocks = from.blocks.map((s) => blockOf(from, s));
  const toBlocks = to.blocks.map((s) => blockOf(to, s));
  // A message's activation mark counts in its key: gaining or losing one changes the message.
  const activated = (read: ReadText, index: number, item: Item): Item => ({
    slot: item.slot,
    key: `${item.key}${SEPARATOR}${read.messages[index]?.activation ?? ''}`,
  });
  const messages = diffItems(
    fromMessages.map((m, index) => activated(from, index, messageItem(m, rename))),
    toMessages.map((m, index) => activated(to, index, messageItem(m, same))),
  );
  const fromStyles = from.styles.map((s) => lineOf(from, s));
  const toStyles = to.styles.map((s) => lineOf(to, s));
  const fromOthers = from.others.map((s) => lineOf(from, s));
  const toOthers = to.others.map((s) => lineOf(to, s));
  const styles = diffItems(fromStyles.map(lineItem), toStyles.map(lineItem));
  const others = diffItems(fromOthers.map(lineItem), toOthers.map(lineItem));
  const notes = diffItems(
    fromNotes.map((n) => noteItem(n, rename)),
    toNotes.map((n) => noteItem(n, same)),
  );
  const blocks = diffItems(fromBlocks.map(blockItem), toBlocks.map(blockItem));
  const renamedTo = new Set(renames.values());
  const toNames = new Set(to.participants);
  const fromNames = new Set(from.participants);
  const body = {
    kind: 'sequence' as const,
    participants: {
      added: to.participants.filter((name) => !fromNames.has(name) && !renamedTo.has(name)),
      removed: from.participants.filter((name) => !toNames.has(name) && !renames.has(name)),
      renamed: [...renames].map(([before, after]) => ({ from: before, to: after })),
      declarations: declarationChanges(from, to, rename),
    },
    messages: changesOf(messages.changes, fromMessages, toMessages),
    notes: changesOf(notes.changes, fromNotes, toNotes),
    blocks: changesOf(blocks.changes, fromBlocks, toBlocks),
    styles: changesOf(styles.changes, fromStyles, toStyles),
    lines: changesOf(others.changes, fromOthers, toOthers),
    spacingOnly: fromText !== toText && spaced(fromText) === spaced(toText),
    bounded:
      messages.bounded || notes.bounded || blocks.bounded || styles.bounded || others.bounded,
  };
  return {
    diff: { ...body, summary: sequenceSummary(body) },
    from,
    to,
    messageChanges: messages.changes,
    noteChanges: notes.changes,
  };
}

/**
 * The diff of two versions. Two sequence diagrams are compared message by message; anything else
 * (a flowchart, a class diagram, a sequence diagram turned into another kind) gets a text diff
 * only: `kind: 'text'`, with its line counts and a summary saying it is not a sequence diagram.
 */
export function diffDiagrams(fromText: string, toText: string): DiagramDiff {
  if (diagramFamily(fromText) === 'sequence' && diagramFamily(toText) === 'sequence') {
    return compareSequences(fromText, toText).diff;
  }
  const rows = lineDiff(fromText, toText);
  const linesAdded = rows.filter((row) => row.kind === 'added').length;
  const linesRemoved = rows.filter((row) => row.kind === 'removed').length;
  return {
    kind: 'text',
    reason: 'not-a-sequence-diagram',
    summary: textSummary(linesAdded, linesRemoved, fromText === toText),
    linesAdded,
    linesRemoved,
  };
}
