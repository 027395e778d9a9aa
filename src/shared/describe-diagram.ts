/**
 * Diagram text in words, for people who do not see the drawing and for link previews:
 * `describeDiagram` is the one-line summary (its kind and, for sequence diagrams, how many
 * participants and messages); `diagramDescription` is the whole text version (its title and
 * `accDescr`, how many participants and messages, the participants in order, then the messages numbered in order with blocks as
 * nested lists), and `descriptionText` writes that as plain text with a Markdown-style list.
 *
 * Read by the one reader of diagram text (mermaid-reader); every step is linear in the text.
 */
import colorNames from 'color-name';
import { diagramKeyword } from './mermaid-reader/kind.js';
import { participantsOf, readSequence, type Statement } from './mermaid-reader/sequence.js';
import { labelText } from './text-drawing/cells.js';

const KINDS: Record<string, string> = {
  sequenceDiagram: 'Sequence diagram',
  flowchart: 'Flowchart',
  graph: 'Flowchart',
  classDiagram: 'Class diagram',
  stateDiagram: 'State diagram',
  'stateDiagram-v2': 'State diagram',
  erDiagram: 'Entity relationship diagram',
  gantt: 'Gantt chart',
  pie: 'Pie chart',
  journey: 'User journey',
  gitGraph: 'Git graph',
  mindmap: 'Mind map',
  timeline: 'Timeline',
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describeDiagram(content: string): string {
  const kind = KINDS[diagramKeyword(content)] ?? 'Diagram';
  if (kind !== 'Sequence diagram') return kind;
  const statements = readSequence(content);
  const participants = participantsOf(statements).length;
  const messages = statements.filter((statement) => statement.kind === 'message').length;
  return `${kind} · ${plural(participants, 'participant')} · ${plural(messages, 'message')}`;
}

/** One entry of a list: a participant, a message (its notes as children) or a block. */
export interface DescriptionItem {
  text: string;
  /** A message's place in the order of messages (1-based); absent for notes and blocks. */
  number?: number;
  /** A message's 1-based source line. */
  line?: number;
  /** A message's sender and receiver, as the text names them (the drawing's walk uses them). */
  ends?: [string, string];
  /** A participant's id, as the text names it. */
  id?: string;
  children: DescriptionItem[];
}

export interface DiagramDescription {
  /** 'Sequence diagram: Checkout', or the kind alone without a title. */
  heading: string;
  /** The title alone: `accTitle`, else `title`, else the diagram's own name (null: none). */
  name: string | null;
  /** Sequence diagrams: how many participants and messages ('3 participants, 5 messages'). */
  summary: string | null;
  /** `accDescr`, when the diagram has one. */
  accDescr: string | null;
  /** Sequence diagrams only (empty otherwise). */
  participants: DescriptionItem[];
  messages: DescriptionItem[];
}

/**
 * Blocks deeper than this are listed at this depth: the indentation stays bounded (a text of
 * thousands of nested loops would otherwise answer a quadratic indentation).
 */
export const DESCRIPTION_MAX_NESTING = 12;

/** The list a block's entries go in: its own, or its parent's once nesting is too deep. */
const inner = (stack: DescriptionItem[][], item: DescriptionItem) =>
  stack.length > DESCRIPTION_MAX_NESTING ? stack.at(-1)! : item.children;

/** The words for a block's keyword, and for its branches. */
const BLOCK_WORDS: Record<string, string> = {
  loop: 'Loop',
  alt: 'Alternative',
  else: 'Else',
  opt: 'Optional',
  par: 'Parallel',
  par_over: 'Parallel',
  and: 'And',
  critical: 'Critical region',
  option: 'Option',
  break: 'Break',
  rect: 'Highlighted group',
  box: 'Box',
};

/** What an arrow says beyond "A to B"; a solid arrow says nothing more. */
function arrowWords(arrow: string): string[] {
  const words: string[] = [];
  const dotted = arrow.includes('--');
  if (arrow.startsWith('<<')) words.push('both ways');
  if (arrow.endsWith('x')) words.push('lost');
  else if (arrow.endsWith(')')) words.push('async');
  else if (/[|/\\]/.test(arrow)) words.push('half arrow');
  else if (!arrow.endsWith('>>')) words.push('no arrowhead');
  if (dotted) words.unshift('reply');
  return words;
}

/** A label as one line of words: entity codes read, line breaks as spaces. */
const words = (raw: string) =>
  labelText(raw.replace(/<br\s*\/?>/gi, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** `box Aqua Group`, `rect rgb(1, 2, 3)`: the words after a leading colour. */
function withoutColour(text: string): string {
  const rest = text.replace(/^(?:rgba?|hsla?)\([^)]*\)\s*/i, '');
  if (rest !== text) return rest;
  const first = /^\S+/.exec(text)?.[0] ?? '';
  const lower = first.toLowerCase();
  return lower === 'transparent' || lower in colorNames ? text.slice(first.length).trim() : text;
}

interface Participant {
  id: string;
  label: string;
  kind: string;
}

/** `participant A@{ "type": "database", "alias": "Orders" }`: the metadata's fields. */
function metadataField(line: string, field: string): string | null {
  const at = line.indexOf('@{');
  if (at < 0) return null;
  const key = line.indexOf(`"${field}"`, at);
  if (key < 0) return null;
  const value = /^\s*:\s*"([^"]*)"/.exec(line.slice(key + field.length + 2));
  return value?.[1] ?? null;
}

function participantItem(participant: Participant): DescriptionItem {
  const label = participant.label === participant.id ? '' : `, written ${participant.id}`;
  return {
    text: `${participant.label} (${participant.kind}${label})`,
    id: participant.id,
    children: [],
  };
}

/** What a diagram's text names itself: `title`, `accTitle` and `accDescr` (null: not written). */
function ownTitles(content: string, statements: Statement[]) {
  const source = (statement: Statement) => content.slice(statement.from, statement.to);
  // After the keyword, with or without a colon: `title Checkout`, `accTitle: Checkout`.
  const restOf = (statement: Statement) =>
    words(
      content
        .slice(statement.from + statement.indent + statement.keyword.length, statement.to)
        .replace(/^\s*:?/, ''),
    );
  let written: string | null = null;
  let accTitle: string | null = null;
  let accDescr: string | null = null;
  const descriptionLines: string[] = [];
  let inDescription = false;
  for (const statement of statements) {
    if (inDescription) {
      const line = source(statement);
      const close = line.indexOf('}');
      descriptionLines.push(close < 0 ? line : line.slice(0, close));
      inDescription = close < 0;
      if (!inDescription) accDescr = words(descriptionLines.join(' '));
      continue;
    }
    if (statement.kind !== 'keyword') continue;
    if (statement.keyword === 'title') written ??= restOf(statement) || null;
    if (statement.keyword === 'acctitle') accTitle ??= restOf(statement) || null;
    if (statement.keyword === 'accdescr') {
      const rest = source(statement).slice(statement.indent + statement.keyword.length);
      const open = /^\s*\{/.exec(rest);
      if (!open) accDescr ??= words(rest.replace(/^\s*:?/, '')) || null;
      else {
        const body = rest.slice(open[0].length);
        const close = body.indexOf('}');
        descriptionLines.length = 0;
        descriptionLines.push(close < 0 ? body : body.slice(0, close));
        inDescription = close < 0;
        if (!inDescription) accDescr ??= words(body.slice(0, close)) || null;
      }
    }
  }
  return { written, accTitle, accDescr };
}

/**
 * The name a diagram's drawing is given (its region "Sequence diagram: {name}"): its `accTitle`,
 * else its `title`, else `title` given here (its saved title); null when none is.
 */
export function diagramName(content: string, title?: string): string | null {
  const { written, accTitle } = ownTitles(content, readSequence(content));
  return accTitle ?? written ?? (title?.trim() || null);
}

/**
 * The text version of a diagram. Linear in the text's length. `title`: the diagram's own name
 * (the shared page's), used when the text has no `accTitle` or `title`.
 */
export function diagramDescription(content: string, title?: string): DiagramDescription {
  const kind = KINDS[diagramKeyword(content)] ?? 'Diagram';
  const statements = readSequence(content);
  const source = (statement: Statement) => content.slice(statement.from, statement.to);
  const textOf = (statement: Statement) =>
    statement.text ? words(content.slice(statement.text.from, statement.text.to)) : '';
  const { written, accTitle, accDescr } = ownTitles(content, statements);
  const name = accTitle ?? written ?? (title?.trim() || null);
  const description: DiagramDescription = {
    heading: name ? `${kind}: ${name}` : kind,
    name,
    summary: null,
    accDescr: accDescr || null,
    participants: [],
    messages: [],
  };
  if (kind === 'Sequence diagram') {
    describeSequence(statements, textOf, source, description);
    const participants = participantsOf(statements).length;
    const messages = messagesOf(description.messages).length;
    description.summary = `${plural(participants, 'participant')}, ${plural(messages, 'message')}`;
  }
  return description;
}

function describeSequence(
  statements: readonly Statement[],
  textOf: (statement: Statement) => string,
  source: (statement: Statement) => string,
  description: DiagramDescription,
): void {
  const participants = new Map<string, Participant>();
  /** Participants are listed where first named; a box holds those declared inside it. */
  const participantLists: DescriptionItem[][] = [description.participants];
  const known = (id: string, statement?: Statement) => {
    if (participants.has(id)) return;
    const declared = statement?.kind === 'participant' ? statement : undefined;
    const line = declared ? source(declared) : '';
    const participant: Participant = {
      id,
      label:
        (declared?.text && textOf(declared)) || metadataField(line, 'alias') || words(id) || id,
      kind:
        metadataField(line, 'type') ??
        (/^\s*(?:create\s+)?actor\b/i.test(line) ? 'actor' : 'participant'),
    };
    participants.set(id, participant);
    participantLists.at(-1)!.push(participantItem(participant));
  };
  const labelOf = (id: string) => participants.get(id)?.label ?? id;

  const lists: DescriptionItem[][] = [description.messages];
  /** Each open block: whether it is a box (it groups participants, not messages). */
  const blocks: boolean[] = [];
  let started = false;
  let count = 0;
  let numbering = { on: false, next: 1, step: 1 };
  let lastMessage: DescriptionItem | null = null;
  for (const statement of statements) {
    if (!started) {
      started = statement.kind === 'header';
      continue;
    }
    const list = lists.at(-1)!;
    switch (statement.kind) {
      case 'participant':
        if (statement.names[0]) known(statement.names[0].name, statement);
        break;
      case 'message': {
        const [from, to] = statement.names;
        if (!from || !to) break;
        known(from.name);
        known(to.name);
        const label = textOf(statement);
        const notes = arrowWords(statement.arrow?.text ?? '->>');
        count += 1;
        // The number `autonumber` shows, when it is not the message's place in the list anyway.
        if (numbering.on) {
          if (numbering.next !== count) notes.push(`number ${numbering.next}`);
          numbering.next += numbering.step;
        }
        const said = `${labelOf(from.name)} to ${labelOf(to.name)}${label ? `: ${label}` : ''}`;
        lastMessage = {
          text: notes.length > 0 ? `${said} (${notes.join(', ')})` : said,
          number: count,
          line: statement.line,
          ends: [from.name, to.name],
          children: [],
        };
        list.push(lastMessage);
        break;
      }
      case 'note': {
        const place = /^\s*note\s+(left of|right of|over)/i.exec(source(statement));
        const where = place?.[1]?.toLowerCase() ?? 'over';
        for (const ref of statement.names) known(ref.name);
        const who = statement.names.map((ref) => labelOf(ref.name)).join(' and ');
        const note = { text: `Note ${where} ${who}: ${textOf(statement)}`, children: [] };
        (lastMessage ? lastMessage.children : list).push(note);
        break;
      }
      case 'open': {
        const box = statement.keyword === 'box';
        blocks.push(box);
        const raw = textOf(statement);
        const label = box || statement.keyword === 'rect' ? withoutColour(raw) : raw;
        const item: DescriptionItem = {
          text: `${BLOCK_WORDS[statement.keyword] ?? statement.keyword}${label ? `: ${label}` : ''}`,
          children: [],
        };
        if (box) {
          participantLists.at(-1)!.push(item);
          participantLists.push(inner(participantLists, item));
        } else {
          list.push(item);
          lists.push(inner(lists, item));
        }
        lastMessage = null;
        break;
      }
      case 'branch': {
        if (blocks.length === 0 || blocks.at(-1)) break;
        lists.pop();
        const label = textOf(statement);
        const item: DescriptionItem = {
          text: `${BLOCK_WORDS[statement.keyword] ?? statement.keyword}${label ? `: ${label}` : ''}`,
          children: [],
        };
        lists.at(-1)!.push(item);
        lists.push(inner(lists, item));
        lastMessage = null;
        break;
      }
      case 'end': {
        const box = blocks.pop();
        if (box === undefined) break;
        if (box) participantLists.pop();
        else lists.pop();
        lastMessage = null;
        break;
      }
      case 'keyword':
        if (statement.keyword === 'autonumber')
          numbering = autonumber(source(statement), numbering);
        break;
      case 'activate':
      case 'deactivate':
      case 'destroy':
        for (const ref of statement.names) known(ref.name);
        break;
      default:
        break;
    }
  }
}

function autonumber(line: string, was: { on: boolean; next: number; step: number }) {
  const words = line.trim().split(/\s+/).slice(1);
  if (words[0]?.toLowerCase() === 'off') return { ...was, on: false };
  const start = Number(words[0]);
  const step = Number(words[1]);
  return {
    on: true,
    next: words[0] !== undefined && Number.isFinite(start) ? start : was.next,
    step: words[1] !== undefined && Number.isFinite(step) ? step : was.step,
  };
}

/** Every message of a list and the lists inside it, in the order a reader meets them. */
export function messagesOf(items: readonly DescriptionItem[]): DescriptionItem[] {
  return items.flatMap((item) => [
    ...(item.number === undefined ? [] : [item]),
    ...messagesOf(item.children),
  ]);
}

/** What each message of `content` says, by its source line (present mode's announcements). */
export function messagesByLine(content: string): Map<number, string> {
  const byLine = new Map<number, string>();
  for (const item of messagesOf(diagramDescription(content).messages)) {
    if (item.line !== undefined) byLine.set(item.line, item.text);
  }
  return byLine;
}

function listLines(items: readonly DescriptionItem[], indent: string, out: string[]): void {
  for (const item of items) {
    const mark = item.number === undefined ? '-' : `${item.number}.`;
    out.push(`${indent}${mark} ${item.text}`);
    listLines(item.children, `${indent}${' '.repeat(mark.length + 1)}`, out);
  }
}

/** The text version as plain text: headed sections, lists indented as Markdown nests them. */
export function descriptionText(description: DiagramDescription): string {
  const out = [description.heading];
  if (description.accDescr) out.push(description.accDescr);
  if (description.summary) out.push(description.summary);
  if (description.participants.length > 0) {
    out.push('', 'Participants:');
    listLines(description.participants, '', out);
  }
  if (description.messages.length > 0) {
    out.push('', 'Messages:');
    listLines(description.messages, '', out);
  }
  return out.join('\n');
}

/** The text version of diagram text as plain text (POST /api/v1/convert's `description`). */
export function describeDiagramText(content: string): string {
  return descriptionText(diagramDescription(content));
}
