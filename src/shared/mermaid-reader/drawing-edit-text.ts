/**
 * The text a drawing gesture edits, as lines with the reader's statement for each: where the
 * blocks open, branch and end, which lines travel with a message, and what indentation a new line
 * takes from its neighbours. Every gesture builds the new lines from these and leaves the rest as
 * they are; `minimalEdit` then finds the one change between the two texts.
 */
import { diagramFamily } from './kind.js';
import { readSequence, type Statement } from './sequence.js';
import { sequenceStyles } from './sequence-styles.js';
import type { TextEdit } from './style-edit.js';

/** What a gesture answers: one change of the text, or why the text cannot say it. */
export type DrawingEditResult = { ok: true; edit: TextEdit } | { ok: false; reason: string };

export const refuse = (reason: string): DrawingEditResult => ({ ok: false, reason });

export interface Block {
  /** 0-based indexes of the block's lines. */
  open: number;
  branches: number[];
  end: number | null;
}

export class DiagramText {
  readonly lines: string[];
  readonly statements: Statement[];
  /** A carriage return when the text ends its lines with CRLF, so new lines do too. */
  readonly cr: string;
  readonly header: number;

  constructor(readonly source: string) {
    this.lines = source.split('\n');
    this.statements = readSequence(source);
    this.cr = source.includes('\r\n') ? '\r' : '';
    this.header = this.statements.findIndex((statement) => statement.kind === 'header');
  }

  get isSequence(): boolean {
    return diagramFamily(this.source) === 'sequence' && this.header >= 0;
  }

  /** The statement on 1-based `line` when it is of `kind`. */
  at(line: number, kind: Statement['kind']): Statement | null {
    const statement = this.statements[line - 1];
    return statement && statement.kind === kind && line - 1 > this.header ? statement : null;
  }

  slice(span: { from: number; to: number }): string {
    return this.source.slice(span.from, span.to);
  }

  /** The leading whitespace of the line at `index`, as written. */
  indentOf(index: number): string {
    const statement = this.statements[index];
    return statement ? (this.lines[index] ?? '').slice(0, statement.indent) : '';
  }

  /**
   * One level of indentation in this text: how far its first block's lines sit in from the
   * block, else how far its statements sit in from the header; four spaces when it shows none.
   */
  get step(): string {
    const deeper = (outer: number) => {
      const inner = this.statements.findIndex(
        (statement, index) => index > outer && statement.kind !== 'blank',
      );
      if (inner < 0) return null;
      const outerIndent = this.indentOf(outer);
      const innerIndent = this.indentOf(inner);
      return innerIndent.startsWith(outerIndent) && innerIndent.length > outerIndent.length
        ? innerIndent.slice(outerIndent.length)
        : null;
    };
    const block = this.statements.findIndex((statement) => statement.kind === 'open');
    return (block >= 0 ? deeper(block) : null) ?? deeper(this.header) ?? '    ';
  }

  /** The line at `index` without its carriage return. */
  content(index: number): string {
    const line = this.lines[index] ?? '';
    return line.endsWith('\r') ? line.slice(0, -1) : line;
  }

  /** Every block with its branch and end lines, outermost first by opening line. */
  blocks(): Block[] {
    const all: Block[] = [];
    const open: Block[] = [];
    this.statements.forEach((statement, index) => {
      if (statement.kind === 'open') {
        const block: Block = { open: index, branches: [], end: null };
        all.push(block);
        open.push(block);
      } else if (statement.kind === 'branch') open.at(-1)?.branches.push(index);
      else if (statement.kind === 'end') {
        const block = open.pop();
        if (block) block.end = index;
      }
    });
    return all;
  }

  /** The block opened (or branched) on line index `index`. */
  blockAt(index: number): Block | null {
    return (
      this.blocks().find((block) => block.open === index || block.branches.includes(index)) ?? null
    );
  }

  /**
   * The lines that travel with the message on line index `index`: a `create` or `destroy` just
   * above it (mermaid pairs them with the next message) and a note just below it.
   */
  messageGroup(index: number): { first: number; last: number } {
    let first = index;
    while (first - 1 > this.header) {
      const above = this.statements[first - 1]!;
      const pairs =
        above.kind === 'destroy' || (above.kind === 'participant' && above.keyword === 'create');
      if (!pairs) break;
      first -= 1;
    }
    const below = this.statements[index + 1];
    const last = below?.kind === 'note' ? index + 1 : index;
    return { first, last };
  }

  /** Whether the line at `index` says nothing (blank or a comment). */
  quiet(index: number): boolean {
    const kind = this.statements[index]?.kind;
    return kind === 'blank' || kind === 'comment';
  }

  /**
   * The indentation of a line inserted before line index `at` (lines.length: at the end): that
   * of the statement above it, or, right inside a block or the header, of the first statement in
   * there (one step in when there is none yet).
   */
  indentBefore(at: number, lines: readonly string[] = this.lines): string {
    const statements = lines === this.lines ? this.statements : readSequence(lines.join('\n'));
    const said = (index: number) => {
      const kind = statements[index]?.kind;
      return kind !== undefined && kind !== 'blank' && kind !== 'comment';
    };
    const indent = (index: number) => (lines[index] ?? '').slice(0, statements[index]?.indent);
    let above = at - 1;
    while (above >= 0 && !said(above)) above--;
    let below = at;
    while (below < lines.length && !said(below)) below++;
    const aboveKind = statements[above]?.kind;
    const belowKind = statements[below]?.kind;
    const opens = aboveKind === 'open' || aboveKind === 'branch' || aboveKind === 'header';
    if (!opens) return above >= 0 ? indent(above) : '';
    const inside =
      below < lines.length &&
      belowKind !== 'end' &&
      belowKind !== 'branch' &&
      (statements[below]?.indent ?? 0) > (statements[above]?.indent ?? 0);
    return inside ? indent(below) : indent(above) + this.step;
  }

  /** Where a line goes at the end of the text: before the last line when that one is empty. */
  followLinkStyles(lines: readonly string[], renumber: (index: number) => number | null) {
    return followLinkStyles(this, lines, renumber);
  }

  get endIndex(): number {
    return this.lines.at(-1) === '' ? this.lines.length - 1 : this.lines.length;
  }

  /** Message numbers after the lines at the indexes `gone` are removed (null: removed). */
  renumberWithout(gone: (index: number) => boolean): (index: number) => number | null {
    const kept = this.messageLines().map((line) => !gone(line));
    return (old) => (kept[old] ? kept.slice(0, old).filter(Boolean).length : null);
  }

  /** The 0-based line indexes of the messages, in order (linkStyle numbers them so). */
  messageLines(): number[] {
    return this.statements.flatMap((s, index) => (s.kind === 'message' ? [index] : []));
  }

  /**
   * The one change that turns this text into `lines`. `renumber` says where each message now
   * is among the messages (null: gone) when a gesture added, moved or removed some: `linkStyle`
   * lines follow their messages, and one whose messages are all gone goes too.
   */
  editTo(lines: readonly string[], renumber?: (index: number) => number | null): DrawingEditResult {
    let out = renumber ? this.followLinkStyles(lines, renumber) : [...lines];
    if (this.cr) {
      // A line that moved off the end gains the text's line ending; the new last line ends as
      // the old one did.
      const lastEnds = (this.lines.at(-1) ?? '').endsWith('\r');
      out = out.map((line, index) => {
        if (index < out.length - 1) return line.endsWith('\r') ? line : `${line}\r`;
        return lastEnds || !line.endsWith('\r') ? line : line.slice(0, -1);
      });
    }
    return { ok: true, edit: minimalEdit(this.source, out.join('\n')) };
  }
}

/**
 * `lines` with each `linkStyle N …` line renumbered for the messages' new places. Those lines
 * are never the gesture's own, so each is found again by its content.
 */
function followLinkStyles(
  text: DiagramText,
  lines: readonly string[],
  renumber: (index: number) => number | null,
): string[] {
  const rewritten = new Map<string, string | null>();
  for (const rule of sequenceStyles(text.source, text.statements).rules) {
    if (rule.keyword !== 'linkStyle' || rule.targets.length === 0) continue;
    if (rule.targets.some((target) => !/^\d+$/.test(target.name))) continue; // `default`
    const numbers = rule.targets
      .map((target) => renumber(Number(target.name)))
      .filter((number): number is number => number !== null);
    const raw = text.lines[rule.line - 1]!;
    const start = text.statements[rule.line - 1]!.from;
    const first = rule.targets[0]!.from - start;
    const last = rule.targets.at(-1)!.to - start;
    rewritten.set(
      raw,
      numbers.length === 0 ? null : raw.slice(0, first) + numbers.join(',') + raw.slice(last),
    );
  }
  if (rewritten.size === 0) return [...lines];
  return lines.flatMap((line) => {
    if (!rewritten.has(line)) return [line];
    const next = rewritten.get(line);
    return next === null || next === undefined ? [] : [next];
  });
}

/** The smallest single replacement that turns `before` into `after`. */
export function minimalEdit(before: string, after: string): TextEdit {
  let start = 0;
  const shorter = Math.min(before.length, after.length);
  while (start < shorter && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  ) {
    end++;
  }
  return { from: start, to: before.length - end, insert: after.slice(start, after.length - end) };
}

/** Applies an edit (tests and callers that hold the text as a string). */
export function applyTextEdit(source: string, edit: TextEdit): string {
  return source.slice(0, edit.from) + edit.insert + source.slice(edit.to);
}

/**
 * A participant name the text can hold in a message: no spaces, separators, arrows or comment
 * marks (a longer label goes in an alias).
 */
export function nameProblem(name: string): string | null {
  if (!/^[\p{L}\p{N}_.]{1,80}$/u.test(name)) {
    return `"${name.slice(0, 40)}" can't be a participant's name: use letters, digits, _ and . only (a longer label goes in an alias).`;
  }
  if (
    /^(end|participant|actor|loop|alt|else|opt|par|and|critical|option|break|rect|box|note|create|destroy|activate|deactivate|autonumber)$/i.test(
      name,
    )
  ) {
    return `"${name}" is a keyword of the diagram text and can't name a participant.`;
  }
  return null;
}
