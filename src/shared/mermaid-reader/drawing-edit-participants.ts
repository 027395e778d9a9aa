/**
 * Gestures on participants: reorder their declarations (declaring those the diagram only used),
 * rename one everywhere, change its type, delete it with every line that names it.
 */
import type { DiagramText } from './drawing-edit-text.js';
import { nameProblem, refuse, type DrawingEditResult } from './drawing-edit-text.js';
import { sequenceStyles } from './sequence-styles.js';
import { participantsOf, type NameRef, type Statement } from './sequence.js';

/** `actor`, plain `participant`, and the `@{ "type": … }` kinds of mermaid 11. */
export const PARTICIPANT_TYPES = [
  'participant',
  'actor',
  'boundary',
  'control',
  'entity',
  'database',
  'collections',
  'queue',
] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];

const unknown = (name: string) =>
  refuse(`There is no participant "${name.slice(0, 40)}" in the text any more.`);

const isDeclaration = (statement: Statement) => statement.kind === 'participant';

/** Every participant in drawing order (mermaid draws them in the order the text first names them). */
function order(text: DiagramText): string[] {
  return participantsOf(text.statements.slice(text.header + 1)).map((p) => p.name);
}

/** The declaration of `name` (its `participant`, `actor` or `create` line), as an index. */
function declarationOf(text: DiagramText, name: string): number {
  return text.statements.findIndex(
    (statement, index) =>
      index > text.header && isDeclaration(statement) && statement.names[0]?.name === name,
  );
}

/**
 * Lines that declare `names` in that order, in the places of their declarations, with new
 * declarations for those only used so far after the last of them. `write` gives the line each
 * participant's declaration becomes (its own, by default).
 */
function declareInOrder(
  text: DiagramText,
  names: readonly string[],
  write: (name: string, own: string | null) => string = (_, own) => own ?? '',
): string[] | string {
  const slots = names.map((name) => declarationOf(text, name)).filter((index) => index >= 0);
  for (const slot of slots) {
    const statement = text.statements[slot]!;
    if (statement.keyword === 'create') {
      return `${statement.names[0]?.name} is created by a message; its place follows that message.`;
    }
    if (statement.depth > 0) {
      return 'Participants declared in a box keep the box’s order; move their lines in the text.';
    }
  }
  slots.sort((a, b) => a - b);
  const insertAt = slots.length > 0 ? slots.at(-1)! + 1 : text.header + 1;
  const firstUse = text.statements.findIndex(
    (statement, index) =>
      index > text.header &&
      !isDeclaration(statement) &&
      statement.kind !== 'style' &&
      statement.names.some((ref) => names.includes(ref.name)),
  );
  if (firstUse >= 0 && firstUse < insertAt) {
    return 'Some participants are declared after they are first used; move their declarations to the top first.';
  }
  const lines = [...text.lines];
  const newIndent = slots.length > 0 ? text.indentOf(slots.at(-1)!) : text.indentBefore(insertAt);
  const written = names.map((name) => {
    const index = declarationOf(text, name);
    const own = index >= 0 ? text.content(index).trimStart() : null;
    return write(name, own) || `participant ${name}`;
  });
  slots.forEach((slot, at) => {
    lines[slot] = `${text.indentOf(slot)}${written[at]}${text.cr}`;
  });
  const added = written.slice(slots.length).map((line) => `${newIndent}${line}${text.cr}`);
  lines.splice(insertAt, 0, ...added);
  return lines;
}

/** Moves `name` to just before `before` in the drawing's order (null: to the end). */
export function reorderParticipant(
  text: DiagramText,
  name: string,
  before: string | null,
): DrawingEditResult {
  const now = order(text);
  if (!now.includes(name)) return unknown(name);
  if (before !== null && !now.includes(before)) return unknown(before);
  if (before === name) return refuse(`${name} is already there.`);
  const next = now.filter((other) => other !== name);
  next.splice(before === null ? next.length : next.indexOf(before), 0, name);
  let changed = next.length;
  while (changed > 0 && next[changed - 1] === now[changed - 1]) changed--;
  if (changed === 0) return refuse(`${name} is already there.`);
  const lines = declareInOrder(text, next.slice(0, changed));
  return typeof lines === 'string' ? refuse(lines) : text.editTo(lines);
}

/** Every place the text names `name`: statements and styling lines. */
function usesOf(text: DiagramText, name: string): NameRef[] {
  const refs = text.statements.slice(text.header + 1).flatMap((statement) => statement.names);
  for (const rule of sequenceStyles(text.source, text.statements).rules) {
    if (rule.keyword === 'style' || rule.keyword === 'class') refs.push(...rule.targets);
  }
  return refs.filter((ref) => ref.name === name);
}

export function renameParticipant(text: DiagramText, name: string, to: string): DrawingEditResult {
  if (!order(text).includes(name)) return unknown(name);
  const uses = usesOf(text, name);
  const problem = nameProblem(to);
  if (problem) return refuse(problem);
  if (to === name) return refuse(`${name} already has that name.`);
  if (order(text).includes(to)) return refuse(`There is already a participant named ${to}.`);
  let out = text.source;
  for (const use of [...uses].sort((a, b) => b.from - a.from)) {
    out = out.slice(0, use.from) + to + out.slice(use.to);
  }
  return text.editTo(out.split('\n'));
}

/** A declaration line rewritten with another type; null when it carries other settings. */
function retyped(own: string, name: string, type: ParticipantType): string | null {
  const head = /^(create\s+)?(participant|actor)\s/i.exec(own);
  if (!head) return null;
  const rest = own.slice(head[0].length).trimStart();
  let tail = rest.startsWith(name) ? rest.slice(name.length) : null;
  if (tail === null) return null;
  const config = /^\s*@\{\s*"?type"?\s*:\s*"?([a-z]+)"?\s*\}/.exec(tail);
  if (config) tail = tail.slice(config[0].length);
  else if (tail.trimStart().startsWith('@{')) return null;
  const keyword = type === 'actor' ? 'actor' : 'participant';
  const typed = type === 'actor' || type === 'participant' ? '' : `@{ "type": "${type}" }`;
  return `${head[1] ?? ''}${keyword} ${name}${typed}${tail}`;
}

export function changeParticipantType(
  text: DiagramText,
  name: string,
  type: string,
): DrawingEditResult {
  if (!(PARTICIPANT_TYPES as readonly string[]).includes(type)) {
    return refuse(`"${type.slice(0, 20)}" is not a participant type mermaid draws.`);
  }
  const now = order(text);
  if (!now.includes(name)) return unknown(name);
  const index = declarationOf(text, name);
  if (index >= 0) {
    const own = text.content(index).trimStart();
    const line = retyped(own, name, type as ParticipantType);
    if (line === null) {
      return refuse(`${name}'s declaration has settings besides its type; change it in the text.`);
    }
    if (line === own) return refuse(`${name} is already of that type.`);
    const lines = [...text.lines];
    lines[index] = `${text.indentOf(index)}${line}${text.cr}`;
    return text.editTo(lines);
  }
  // Only used so far: declared in its place, after the participants drawn before it.
  const names = now.slice(0, now.indexOf(name) + 1);
  const lines = declareInOrder(text, names, (other, own) =>
    other === name
      ? (retyped(`participant ${name}`, name, type as ParticipantType) ?? '')
      : (own ?? ''),
  );
  return typeof lines === 'string' ? refuse(lines) : text.editTo(lines);
}

/** Deletes every line that names `name`: its declaration, messages, notes and styles. */
export function deleteParticipant(text: DiagramText, name: string): DrawingEditResult {
  if (!order(text).includes(name)) return unknown(name);
  const uses = usesOf(text, name);
  const gone = new Set<number>();
  text.statements.forEach((statement, index) => {
    if (!uses.some((use) => use.from >= statement.from && use.to <= statement.to)) return;
    gone.add(index);
    // A create or destroy line pairs with the message below it: it goes with the message.
    if (statement.kind === 'message') {
      for (let at = text.messageGroup(index).first; at < index; at++) gone.add(at);
    }
  });
  return text.editTo(
    text.lines.filter((_, index) => !gone.has(index)),
    text.renumberWithout((index) => gone.has(index)),
  );
}
