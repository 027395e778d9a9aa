/**
 * The one reader of sequence-diagram text: each line becomes a statement with its kind, the
 * participants it names, its arrow, its free text and where each of them sits in the source.
 * It follows mermaid's own lexer (keywords are case-insensitive, `%%` starts a comment line) but
 * never judges: it reads what is there, and the warnings and completions decide what it means.
 *
 * Every scan is linear in the line's length: anchored patterns with one unbounded run each, and
 * searches that move forward only.
 */

export type StatementKind =
  | 'blank'
  | 'comment'
  | 'header'
  | 'participant'
  | 'message'
  | 'note'
  | 'activate'
  | 'deactivate'
  | 'destroy'
  | 'open'
  | 'branch'
  | 'end'
  | 'keyword'
  | 'style'
  | 'unknown';

/** A span of the source: [from, to) in characters from the start of the text. */
export interface Span {
  from: number;
  to: number;
}

export interface NameRef extends Span {
  name: string;
}

export interface Statement {
  kind: StatementKind;
  /** 1-based line number. */
  line: number;
  /** The line's bounds, newline excluded. */
  from: number;
  to: number;
  /** Leading whitespace of the line, in characters. */
  indent: number;
  /** The statement's keyword in lower case (`participant`, `loop`, `else`, `note`…); '' for messages. */
  keyword: string;
  /** The participants the statement names, in source order. */
  names: NameRef[];
  arrow: (Span & { text: string }) | null;
  /** The free text: a message's or note's label, a block's title, an alias; null when blank. */
  text: Span | null;
  /** A message's activation mark: `+` activates the receiver, `-` deactivates the sender. */
  activation: '+' | '-' | null;
  /** Blocks open around this statement (a block's own open, branch and end lines count outside it). */
  depth: number;
}

/** Blocks and the branch keywords each allows. */
export const BLOCK_BRANCHES: Readonly<Record<string, string | null>> = {
  loop: null,
  alt: 'else',
  opt: null,
  par: 'and',
  par_over: 'and',
  critical: 'option',
  break: null,
  rect: null,
  box: null,
};
const BRANCH_KEYWORDS = new Set(['else', 'and', 'option']);
/** Keywords that take the rest of the line as they are (no participants to read). */
const PLAIN_KEYWORDS = new Set(['autonumber', 'title', 'acctitle', 'accdescr']);
/** Keywords followed by `Participant: text`. */
const LINK_KEYWORDS = new Set(['link', 'links', 'properties', 'details']);
/** Styling statements (read by sequence-styles.ts): `classDef`, `style`, `class`, `linkStyle`. */
export const STYLE_KEYWORDS: ReadonlySet<string> = new Set([
  'classdef',
  'style',
  'class',
  'linkstyle',
]);

/** Every arrow mermaid 11 knows; each alternative is a fixed few characters. */
const ARROW = /<<--?>>|--?(?:>>|>|x|\)|\|\\|\|\/|\\\\|\/\/)|(?:\/\||\\\||\/\/|\\\\)--?/g;
const WORD = /^[A-Za-z_]+/;
const NOTE = /^note\s+(left of|right of|over)\s/i;

function blankStatement(line: number, from: number, text: string): Statement {
  return {
    kind: 'blank',
    line,
    from,
    to: from + text.length,
    indent: text.length - text.trimStart().length,
    keyword: '',
    names: [],
    arrow: null,
    text: null,
    activation: null,
    depth: 0,
  };
}

/** The trimmed span of text[start, end) moved to source offsets; null when blank. */
function trimmed(text: string, offset: number, start: number, end = text.length): Span | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from] ?? '')) from++;
  while (to > from && /\s/.test(text[to - 1] ?? '')) to--;
  return from < to ? { from: offset + from, to: offset + to } : null;
}

function nameRef(text: string, offset: number, start: number, end: number): NameRef | null {
  const span = trimmed(text, offset, start, end);
  return span ? { ...span, name: text.slice(span.from - offset, span.to - offset) } : null;
}

/** Comma-separated participants in text[start, end) (a note over two participants). */
function nameList(text: string, offset: number, start: number, end: number): NameRef[] {
  const names: NameRef[] = [];
  let at = start;
  while (at <= end) {
    let comma = text.indexOf(',', at);
    if (comma < 0 || comma > end) comma = end;
    const name = nameRef(text, offset, at, comma);
    if (name) names.push(name);
    at = comma + 1;
  }
  return names;
}

/** `participant Id`, `actor Id as Label`, `participant Id@{ … }`, after `create`. */
function readParticipant(statement: Statement, text: string, start: number) {
  const offset = statement.from;
  let end = text.length;
  const at = text.indexOf('@{', start);
  const as = / as\s/i.exec(text.slice(start));
  if (at >= 0 && (!as || at < start + as.index)) end = at;
  else if (as) {
    end = start + as.index;
    statement.text = trimmed(text, offset, end + as[0].length);
  }
  const name = nameRef(text, offset, start, end);
  if (name) statement.names.push(name);
}

/** `Sender ->> Receiver: text` (with `+`/`-` activation and `()` central connection marks). */
function readMessage(statement: Statement, text: string): boolean {
  const offset = statement.from;
  let colon = text.indexOf(':');
  if (colon < 0) colon = text.length;
  ARROW.lastIndex = statement.indent + 1; // the sender takes at least one character
  const arrow = ARROW.exec(text);
  if (!arrow || arrow.index >= colon) return false;
  const arrowEnd = arrow.index + arrow[0].length;
  let senderEnd = arrow.index;
  while (senderEnd > 0 && /\s/.test(text[senderEnd - 1] ?? '')) senderEnd--;
  if (text.slice(senderEnd - 2, senderEnd) === '()') senderEnd -= 2;
  let receiverStart = arrowEnd;
  while (receiverStart < colon && /[\s+-]/.test(text[receiverStart] ?? '')) receiverStart++;
  const marks = text.slice(arrowEnd, receiverStart);
  if (marks.includes('+')) statement.activation = '+';
  else if (marks.includes('-')) statement.activation = '-';
  if (text.startsWith('()', receiverStart)) receiverStart += 2;
  statement.kind = 'message';
  statement.arrow = { from: offset + arrow.index, to: offset + arrowEnd, text: arrow[0] };
  for (const name of [
    nameRef(text, offset, statement.indent, senderEnd),
    nameRef(text, offset, receiverStart, colon),
  ]) {
    if (name) statement.names.push(name);
  }
  statement.text = colon < text.length ? trimmed(text, offset, colon + 1) : null;
  return true;
}

function readLine(statement: Statement, text: string) {
  const offset = statement.from;
  const rest = text.slice(statement.indent);
  if (rest === '') return;
  if (rest.startsWith('%%')) {
    statement.kind = 'comment';
    return;
  }
  const word = WORD.exec(rest)?.[0] ?? '';
  const keyword = word.toLowerCase();
  const after = statement.indent + word.length;
  // A keyword counts only as a whole word: `endpoint->>x` is a message sent by "endpoint".
  const whole = word !== '' && !/[\w-]/.test(text[after] ?? '');
  statement.keyword = whole ? keyword : '';
  if (whole && keyword === 'sequencediagram') statement.kind = 'header';
  else if (whole && (keyword === 'participant' || keyword === 'actor')) {
    statement.kind = 'participant';
    readParticipant(statement, text, after);
  } else if (whole && keyword === 'create') {
    statement.kind = 'participant';
    const tail = text.slice(after);
    const kind = WORD.exec(tail.trimStart())?.[0] ?? '';
    readParticipant(statement, text, after + tail.length - tail.trimStart().length + kind.length);
  } else if (
    whole &&
    (keyword === 'activate' || keyword === 'deactivate' || keyword === 'destroy')
  ) {
    statement.kind = keyword;
    const name = nameRef(text, offset, after, text.length);
    if (name) statement.names.push(name);
  } else if (whole && keyword === 'note') {
    const head = NOTE.exec(rest);
    statement.kind = head ? 'note' : 'unknown';
    if (!head) return;
    const start = statement.indent + head[0].length;
    let colon = text.indexOf(':', start);
    if (colon < 0) colon = text.length;
    statement.names.push(...nameList(text, offset, start, colon));
    statement.text = colon < text.length ? trimmed(text, offset, colon + 1) : null;
  } else if (whole && keyword in BLOCK_BRANCHES) {
    statement.kind = 'open';
    statement.text = trimmed(text, offset, after);
  } else if (whole && BRANCH_KEYWORDS.has(keyword)) {
    statement.kind = 'branch';
    statement.text = trimmed(text, offset, after);
  } else if (whole && keyword === 'end') statement.kind = 'end';
  else if (whole && PLAIN_KEYWORDS.has(keyword)) statement.kind = 'keyword';
  else if (whole && LINK_KEYWORDS.has(keyword)) {
    statement.kind = 'keyword';
    let colon = text.indexOf(':', after);
    if (colon < 0) colon = text.length;
    const name = nameRef(text, offset, after, colon);
    if (name) statement.names.push(name);
  } else if (whole && STYLE_KEYWORDS.has(keyword)) {
    // `class->>B: hi` and `style -> B: x` stay messages, as mermaid reads them.
    if (!readMessage(statement, text)) statement.kind = 'style';
  } else if (!readMessage(statement, text)) {
    statement.kind = 'unknown';
    statement.keyword = keyword;
  }
}

/** Every line of `source` as a statement, in order (line i + 1 is statements[i]). */
export function readSequence(source: string): Statement[] {
  const statements: Statement[] = [];
  let from = 0;
  let depth = 0;
  let number = 0;
  let inDescription = false;
  for (const raw of source.split('\n')) {
    number += 1;
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const statement = blankStatement(number, from, text);
    if (inDescription) {
      // The lines of a multi-line `accDescr { … }` are free text.
      statement.kind = 'keyword';
      inDescription = !text.includes('}');
    } else {
      readLine(statement, text);
      if (statement.keyword === 'accdescr')
        inDescription = /^[^:]*\{/.test(text) && !text.includes('}');
    }
    if (statement.kind === 'end' || statement.kind === 'branch') depth = Math.max(0, depth - 1);
    statement.depth = depth;
    if (statement.kind === 'open' || statement.kind === 'branch') depth += 1;
    statements.push(statement);
    from += raw.length + 1;
  }
  return statements;
}

export interface ParticipantUse {
  name: string;
  /** Declared with participant, actor or create. */
  declared: boolean;
  /** How many statements name it. */
  uses: number;
  /** Where it is first named. */
  first: NameRef;
}

/** The diagram's participants with how often each is named, in order of first appearance. */
export function participantsOf(statements: readonly Statement[]): ParticipantUse[] {
  const byName = new Map<string, ParticipantUse>();
  for (const statement of statements) {
    for (const ref of statement.names) {
      const known = byName.get(ref.name);
      if (known) {
        known.uses += 1;
        if (statement.kind === 'participant') known.declared = true;
      } else {
        byName.set(ref.name, {
          name: ref.name,
          declared: statement.kind === 'participant',
          uses: 1,
          first: ref,
        });
      }
    }
  }
  return [...byName.values()];
}

/** Blocks whose opening (or branch) line carries a label drawn in the diagram. */
export const LABELLED_BLOCKS: ReadonlySet<string> = new Set([
  'loop',
  'alt',
  'else',
  'opt',
  'par',
  'and',
  'critical',
  'option',
  'break',
]);
