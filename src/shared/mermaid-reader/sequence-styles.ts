/**
 * Styling statements of a sequence diagram, in mermaid's flowchart syntax: `classDef name props`,
 * `style Participant props`, `class A,B name`, `linkStyle 0,2 props` and `linkStyle default
 * props`. This reads them (with where each part sits), resolves them into a style per
 * participant and per message (messages counted from 0 in source order), and says what is wrong
 * with them. Only what safe-style.ts lets through is resolved.
 *
 * Every scan moves forward through its line once.
 */
import { closestName } from './edit-distance.js';
import { diagramFamily } from './kind.js';
import { checkStyleProperty, type SafeStyle, type StyleCheck } from './safe-style.js';
import {
  participantsOf,
  readSequence,
  type NameRef,
  type Span,
  type Statement,
} from './sequence.js';
import type { TextWarning } from './text-warning.js';

export type StyleKeyword = 'classDef' | 'style' | 'class' | 'linkStyle';

const KEYWORDS: Readonly<Record<string, StyleKeyword>> = {
  classdef: 'classDef',
  style: 'style',
  class: 'class',
  linkstyle: 'linkStyle',
};

/** The class every participant has (flowcharts have it too). */
export const DEFAULT_CLASS = 'default';
/** How many unknown names get a suggested spelling (each costs a few comparisons). */
const SUGGESTIONS_MAX = 100;
/** Written by the fix that defines a missing class: a colour pair that reads in both themes. */
export const NEW_CLASS_PROPERTIES = 'fill:#fef3c7,stroke:#b45309';

export interface StyleProperty extends Span {
  property: string;
  value: string;
  check: StyleCheck;
  /** The stretch that removes this property (with one comma), for a fix. */
  removal: Span;
}

export interface StyleRule {
  keyword: StyleKeyword;
  line: number;
  /** The statement without its indent. */
  from: number;
  to: number;
  indent: number;
  /** Class names (classDef), participants (style, class) or message numbers (linkStyle). */
  targets: NameRef[];
  /** The class a `class` statement gives. */
  className: NameRef | null;
  properties: StyleProperty[];
  /** Whether the statement has all its parts (an incomplete one is left to mermaid). */
  complete: boolean;
}

export interface SequenceStyles {
  rules: StyleRule[];
  /** The resolved style of each participant that has one, by participant id. */
  participants: Map<string, SafeStyle>;
  /** The resolved style of each message that has one, by its number counted from 0. */
  messages: Map<number, SafeStyle>;
  /** Class names defined with classDef, in order. */
  classes: string[];
  warnings: TextWarning[];
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\t';

/** Splits `text` at commas outside parentheses (`rgb(1, 2, 3)` stays whole). */
function splitProperties(text: string, offset: number, start: number): Span[] {
  const pieces: Span[] = [];
  let depth = 0;
  let from = start;
  for (let at = start; at <= text.length; at++) {
    const char = text[at];
    if (char === '(') depth++;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if ((char === ',' && depth === 0) || at === text.length) {
      pieces.push({ from: offset + from, to: offset + at });
      from = at + 1;
    }
  }
  return pieces;
}

function readProperties(source: string, line: Span, start: number): StyleProperty[] {
  const text = source.slice(line.from, line.to);
  const pieces = splitProperties(text, line.from, start);
  return pieces.map((piece, index) => {
    const raw = source.slice(piece.from, piece.to);
    const colon = raw.indexOf(':');
    const property = colon < 0 ? raw.trim() : raw.slice(0, colon).trim();
    const value = colon < 0 ? '' : raw.slice(colon + 1).trim();
    const lead = raw.length - raw.trimStart().length;
    const span = { from: piece.from + lead, to: piece.from + raw.trimEnd().length };
    const removal =
      index > 0
        ? { from: pieces[index - 1]!.to, to: piece.to }
        : { from: piece.from, to: pieces[1] ? pieces[1].from : piece.to };
    const check: StyleCheck =
      colon < 0
        ? { ok: false, reason: `"${property.slice(0, 24)}" needs a value, as in fill:#e0e7ff` }
        : checkStyleProperty(property, value);
    return { ...span, property, value, check, removal };
  });
}

/** Comma-separated names in the token text[start, end). */
function names(text: string, offset: number, start: number, end: number): NameRef[] {
  const out: NameRef[] = [];
  let from = start;
  for (let at = start; at <= end; at++) {
    if (at === end || text[at] === ',') {
      const name = text.slice(from, at).trim();
      if (name !== '') {
        const lead = text.slice(from, at).length - text.slice(from, at).trimStart().length;
        out.push({ name, from: offset + from + lead, to: offset + from + lead + name.length });
      }
      from = at + 1;
    }
  }
  return out;
}

/** Reads one styling statement; null when the line is not one. */
export function readStyleRule(source: string, statement: Statement): StyleRule | null {
  const keyword = KEYWORDS[statement.keyword];
  if (statement.kind !== 'style' || !keyword) return null;
  const text = source.slice(statement.from, statement.to);
  const offset = statement.from;
  let at = statement.indent + statement.keyword.length;
  while (isSpace(text[at])) at++;
  const rule: StyleRule = {
    keyword,
    line: statement.line,
    from: statement.from + statement.indent,
    to: statement.to,
    indent: statement.indent,
    targets: [],
    className: null,
    properties: [],
    complete: false,
  };
  if (keyword === 'class') {
    // `class A, B name`: the class is the last word, the participants everything before it.
    let end = text.length;
    while (end > at && isSpace(text[end - 1])) end--;
    let word = end;
    while (word > at && !isSpace(text[word - 1])) word--;
    if (word > at && word < end) {
      rule.className = { name: text.slice(word, end), from: offset + word, to: offset + end };
      rule.targets = names(text, offset, at, word);
    }
    rule.complete = rule.className !== null && rule.targets.length > 0;
    return rule;
  }
  let tokenEnd = at;
  while (tokenEnd < text.length && !isSpace(text[tokenEnd])) tokenEnd++;
  rule.targets = names(text, offset, at, tokenEnd);
  let props = tokenEnd;
  while (isSpace(text[props])) props++;
  if (props < text.length) {
    rule.properties = readProperties(source, { from: statement.from, to: statement.to }, props);
  }
  rule.complete = rule.targets.length > 0 && rule.properties.length > 0;
  return rule;
}

function merge(into: Map<string | number, SafeStyle>, key: string | number, style: SafeStyle) {
  into.set(key, { ...into.get(key), ...style });
}

function safeStyleOf(rule: StyleRule): SafeStyle {
  const style: SafeStyle = {};
  for (const { check } of rule.properties) if (check.ok) style[check.property] = check.value;
  return style;
}

const INCOMPLETE: Readonly<Record<StyleKeyword, string>> = {
  classDef: 'classDef needs a class name and properties, as in classDef external fill:#fef3c7',
  style: 'style needs a participant and properties, as in style Web fill:#e0e7ff',
  class: 'class needs participants and a class name, as in class Web,Api external',
  linkStyle: 'linkStyle needs message numbers and properties, as in linkStyle 0 stroke:#dc2626',
};

class Suggester {
  private left = SUGGESTIONS_MAX;
  closest(name: string, candidates: readonly string[]): string | null {
    if (this.left <= 0) return null;
    this.left--;
    return closestName(name, candidates);
  }
}

function lineStart(rule: StyleRule): number {
  return rule.from - rule.indent;
}

/** The styles of a sequence diagram's text (`statements` when already read). */
export function sequenceStyles(
  source: string,
  statements: readonly Statement[] = readSequence(source),
): SequenceStyles {
  const header = statements.findIndex((statement) => statement.kind === 'header');
  const body = header < 0 ? [] : statements.slice(header + 1);
  const rules: StyleRule[] = [];
  for (const statement of body) {
    const rule = readStyleRule(source, statement);
    if (rule) rules.push(rule);
  }
  const result: SequenceStyles = {
    rules,
    participants: new Map(),
    messages: new Map(),
    classes: [],
    warnings: [],
  };
  if (rules.length === 0) return result;
  const warn = result.warnings;
  const participants = participantsOf(body).map((p) => p.name);
  const known = new Set(participants);
  const messageCount = body.filter((statement) => statement.kind === 'message').length;
  const classes = new Map<string, SafeStyle>();
  const suggest = new Suggester();

  for (const rule of rules) {
    if (!rule.complete) {
      warn.push({ from: rule.from, to: rule.to, message: INCOMPLETE[rule.keyword], fix: null });
    }
    for (const property of rule.properties) {
      if (property.check.ok) continue;
      const only = rule.properties.length === 1;
      const end = Math.min(rule.to + 1, source.length);
      warn.push({
        from: property.from,
        to: Math.max(property.to, property.from + 1),
        message: property.check.reason,
        fix: only
          ? { from: lineStart(rule), to: end, insert: '', label: 'Remove this line' }
          : { ...property.removal, insert: '', label: 'Remove this property' },
      });
    }
    if (rule.keyword === 'classDef' && rule.complete) {
      const style = safeStyleOf(rule);
      for (const target of rule.targets) {
        if (!classes.has(target.name)) result.classes.push(target.name);
        classes.set(target.name, { ...classes.get(target.name), ...style });
      }
    }
  }

  /** An unknown name: a fix to the closest known one, else one adding `declaration` above. */
  const unknown = (
    ref: NameRef,
    rule: StyleRule,
    what: string,
    candidates: readonly string[],
    declaration: string,
  ) => {
    const meant = suggest.closest(ref.name, candidates);
    const start = lineStart(rule);
    warn.push({
      ...ref,
      message: `No ${what} "${ref.name}" in this diagram`,
      fix: meant
        ? { ...ref, insert: meant, label: `Change to ${meant}` }
        : {
            from: start,
            to: start,
            insert: `${' '.repeat(rule.indent)}${declaration}\n`,
            label: `Add ${declaration.split(' ', 2).join(' ')}`,
          },
    });
  };
  const unknownParticipant = (target: NameRef, rule: StyleRule) => {
    if (known.has(target.name)) return false;
    unknown(target, rule, 'participant', participants, `participant ${target.name}`);
    return true;
  };

  const fromClasses = new Map<string | number, SafeStyle>();
  const fromStyle = new Map<string | number, SafeStyle>();
  const defaultClass = classes.get(DEFAULT_CLASS);
  if (defaultClass) for (const name of participants) merge(fromClasses, name, defaultClass);
  for (const rule of rules) {
    if (!rule.complete) continue;
    if (rule.keyword === 'class' && rule.className) {
      const className = rule.className;
      const style = classes.get(className.name);
      if (!style) {
        const declaration = `classDef ${className.name} ${NEW_CLASS_PROPERTIES}`;
        unknown(className, rule, 'classDef', result.classes, declaration);
      }
      for (const target of rule.targets) {
        if (!unknownParticipant(target, rule) && style) merge(fromClasses, target.name, style);
      }
    } else if (rule.keyword === 'style') {
      const style = safeStyleOf(rule);
      for (const target of rule.targets) {
        if (!unknownParticipant(target, rule)) merge(fromStyle, target.name, style);
      }
    }
  }
  for (const name of participants) {
    const style = { ...fromClasses.get(name), ...fromStyle.get(name) };
    if (Object.keys(style).length > 0) result.participants.set(name, style);
  }

  const linkStyles = rules.filter((rule) => rule.keyword === 'linkStyle' && rule.complete);
  const messageStyles = new Map<string | number, SafeStyle>();
  // Every `linkStyle default` folds into one style first: work stays linear in the text.
  let defaultStyle: SafeStyle = {};
  for (const rule of linkStyles) {
    if (rule.targets.some((target) => target.name === DEFAULT_CLASS)) {
      defaultStyle = { ...defaultStyle, ...safeStyleOf(rule) };
    }
  }
  if (Object.keys(defaultStyle).length > 0) {
    for (let index = 0; index < messageCount; index++) messageStyles.set(index, defaultStyle);
  }
  for (const rule of linkStyles) {
    const style = safeStyleOf(rule);
    for (const target of rule.targets) {
      if (target.name === DEFAULT_CLASS) continue;
      const number = /^\d{1,9}$/.test(target.name) ? Number(target.name) : -1;
      if (number >= 0 && number < messageCount) {
        merge(messageStyles, number, style);
        continue;
      }
      const last = messageCount - 1;
      warn.push({
        ...target,
        message:
          number < 0
            ? 'linkStyle takes message numbers counted from 0, or default'
            : messageCount === 0
              ? `No message ${number}: this diagram has no messages`
              : `No message ${number}: messages are numbered 0 to ${last}`,
        fix:
          messageCount > 0 ? { ...target, insert: String(last), label: `Change to ${last}` } : null,
      });
    }
  }
  for (const [key, style] of messageStyles) {
    if (typeof key === 'number' && Object.keys(style).length > 0) result.messages.set(key, style);
  }
  return result;
}

/**
 * `source` with the lines of complete styling statements emptied (line numbers stay, so
 * mermaid's errors still point at the right line). Mermaid's sequence parser does not know them.
 */
export function withoutStyleStatements(source: string, rules: readonly StyleRule[]): string {
  let out = '';
  let at = 0;
  for (const rule of rules) {
    if (!rule.complete) continue;
    out += source.slice(at, lineStart(rule));
    at = rule.to;
  }
  return out + source.slice(at);
}

/** The number (from 0) of the message on `line` (1-based), or null when it holds none. */
export function messageNumberAt(statements: readonly Statement[], line: number): number | null {
  const header = statements.findIndex((statement) => statement.kind === 'header');
  if (header < 0 || line <= header + 1) return null;
  const statement = statements[line - 1];
  if (statement?.kind !== 'message') return null;
  let number = 0;
  for (let index = header + 1; index < line - 1; index++) {
    if (statements[index]?.kind === 'message') number++;
  }
  return number;
}

/** A cheap look for a line starting with a styling keyword (one pass, no backtracking). */
const MAY_HAVE_STYLES = /^[ \t]*(?:classDef|style|class|linkStyle)[ \t]/im;

/**
 * What mermaid draws of `text` and the styles to put on its drawing: a sequence diagram's
 * complete styling statements become empty lines (mermaid's sequence parser does not know them).
 * Any other text is drawn exactly as written, with no styles.
 */
export function separateStyleStatements(text: string): {
  text: string;
  styles: SequenceStyles | null;
} {
  if (!MAY_HAVE_STYLES.test(text) || diagramFamily(text) !== 'sequence') {
    return { text, styles: null };
  }
  const styles = sequenceStyles(text);
  if (!styles.rules.some((rule) => rule.complete)) return { text, styles: null };
  return { text: withoutStyleStatements(text, styles.rules), styles };
}
