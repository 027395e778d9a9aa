/**
 * Gestures on messages: add one, move it (with the lines that travel with it), reconnect an end,
 * reverse it, change its arrow, add a note, activate its receiver, wrap it in a block, delete it.
 */
import type { DiagramText } from './drawing-edit-text.js';
import { nameProblem, refuse, type DrawingEditResult } from './drawing-edit-text.js';
import type { Statement } from './sequence.js';

/** The arrows the drawing offers: solid or dotted; arrow, open, cross, async. */
export const MESSAGE_ARROWS = ['->>', '-->>', '->', '-->', '-x', '--x', '-)', '--)'] as const;
export type MessageArrow = (typeof MESSAGE_ARROWS)[number];

export const WRAP_BLOCKS = ['loop', 'alt', 'opt', 'par', 'critical', 'break'] as const;
export type WrapBlock = (typeof WRAP_BLOCKS)[number];

/** The title a new block gets, for the person to overwrite in place. */
export const BLOCK_TITLES: Record<WrapBlock | 'else' | 'and' | 'option', string> = {
  loop: 'Repeat',
  alt: 'Condition',
  opt: 'Optional',
  par: 'In parallel',
  critical: 'Critical',
  break: 'Stop',
  else: 'Otherwise',
  and: 'Meanwhile',
  option: 'Fallback',
};

export const NOT_A_MESSAGE =
  'That message is no longer on this line of the text (it changed since the drawing). Try again.';

function message(text: DiagramText, line: number): Statement | null {
  const statement = text.at(line, 'message');
  return statement && statement.names.length === 2 ? statement : null;
}

/** `from->>to: ` before line `at` (1-based; one past the last line: at the end). */
export function insertMessage(
  text: DiagramText,
  at: number,
  from: string,
  to: string,
): DrawingEditResult {
  const problem = nameProblem(from) ?? nameProblem(to);
  if (problem) return refuse(problem);
  if (at - 1 <= text.header || at - 1 > text.lines.length) {
    return refuse('A message goes below the sequenceDiagram line.');
  }
  const index = Math.min(at - 1, text.endIndex);
  const lines = [...text.lines];
  lines.splice(index, 0, `${text.indentBefore(index)}${from}->>${to}: ${text.cr}`);
  const added = text.messageLines().filter((line) => line < index).length;
  return text.editTo(lines, (old) => (old >= added ? old + 1 : old));
}

/**
 * Moves the message on `line` (with its note and its create or destroy line) to before line
 * `to` (1-based; one past the last line: the end). Its lines take the indentation of their new
 * neighbours.
 */
export function moveMessage(text: DiagramText, line: number, to: number): DrawingEditResult {
  if (!message(text, line)) return refuse(NOT_A_MESSAGE);
  const { first, last } = text.messageGroup(line - 1);
  const target = Math.min(to - 1, text.endIndex);
  if (target - 1 < text.header) return refuse('A message goes below the sequenceDiagram line.');
  if (target >= first && target <= last + 1) return refuse('The message is already there.');
  const moving = text.lines.slice(first, last + 1);
  const rest = [...text.lines];
  rest.splice(first, moving.length);
  const into = target > last ? target - moving.length : target;
  const indent = text.indentBefore(into, rest);
  const own = text.indentOf(line - 1);
  const moved = moving.map((raw) => (raw.startsWith(own) ? indent + raw.slice(own.length) : raw));
  rest.splice(into, 0, ...moved);
  // The messages in their new order: the moved one goes before the first one below its place.
  const order = text.messageLines();
  const others = order.filter((index) => index !== line - 1);
  const now = others.filter((index) => index < target).length;
  const moves = [...others];
  moves.splice(now, 0, line - 1);
  return text.editTo(rest, (old) => moves.indexOf(order[old]!));
}

function replaceSpans(
  text: DiagramText,
  changes: { from: number; to: number; insert: string }[],
): DrawingEditResult {
  let out = text.source;
  for (const change of [...changes].sort((a, b) => b.from - a.from)) {
    out = out.slice(0, change.from) + change.insert + out.slice(change.to);
  }
  return text.editTo(out.split('\n'));
}

/** Connects the message's sender or receiver (as `end` says) to `participant`. */
export function reconnect(
  text: DiagramText,
  line: number,
  end: 'from' | 'to',
  participant: string,
): DrawingEditResult {
  const statement = message(text, line);
  if (!statement) return refuse(NOT_A_MESSAGE);
  const problem = nameProblem(participant);
  if (problem) return refuse(problem);
  const name = statement.names[end === 'from' ? 0 : 1]!;
  if (name.name === participant) return refuse(`That end is already on ${participant}.`);
  return replaceSpans(text, [{ ...name, insert: participant }]);
}

export function reverse(text: DiagramText, line: number): DrawingEditResult {
  const statement = message(text, line);
  if (!statement) return refuse(NOT_A_MESSAGE);
  const [sender, receiver] = statement.names as [Statement['names'][0], Statement['names'][0]];
  if (sender.name === receiver.name) {
    return refuse('A message to itself has no direction to reverse.');
  }
  if (statement.activation) {
    return refuse(
      `This message ${statement.activation === '+' ? 'activates' : 'deactivates'} a participant (the ${statement.activation} after its arrow); reversing it would change which one. Remove the ${statement.activation} first.`,
    );
  }
  return replaceSpans(text, [
    { ...sender, insert: receiver.name },
    { ...receiver, insert: sender.name },
  ]);
}

export function changeArrow(text: DiagramText, line: number, arrow: string): DrawingEditResult {
  const statement = message(text, line);
  if (!statement?.arrow) return refuse(NOT_A_MESSAGE);
  if (!(MESSAGE_ARROWS as readonly string[]).includes(arrow)) {
    return refuse(`"${arrow.slice(0, 8)}" is not an arrow the drawing offers.`);
  }
  if (statement.arrow.text === arrow) return refuse('The message already has that arrow.');
  return replaceSpans(text, [{ ...statement.arrow, insert: arrow }]);
}

/** A note over the message's two participants (beside a message to itself), below it. */
export function addNote(text: DiagramText, line: number, note = 'Note'): DrawingEditResult {
  const statement = message(text, line);
  if (!statement) return refuse(NOT_A_MESSAGE);
  const clean = note.replace(/[\r\n;#]+/g, ' ').trim() || 'Note';
  const [sender, receiver] = statement.names.map((name) => name.name) as [string, string];
  const where = sender === receiver ? `right of ${sender}` : `over ${sender},${receiver}`;
  const { last } = text.messageGroup(line - 1);
  const lines = [...text.lines];
  lines.splice(last + 1, 0, `${text.indentOf(line - 1)}Note ${where}: ${clean}${text.cr}`);
  return text.editTo(lines);
}

/** Marks the message as activating its receiver (`A->>+B`). */
export function activateTarget(text: DiagramText, line: number): DrawingEditResult {
  const statement = message(text, line);
  if (!statement?.arrow) return refuse(NOT_A_MESSAGE);
  const receiver = statement.names[1]!.name;
  if (statement.activation === '+') return refuse(`This message already activates ${receiver}.`);
  if (statement.activation === '-') {
    return refuse('This message already deactivates its sender (the - after its arrow).');
  }
  return replaceSpans(text, [{ from: statement.arrow.to, to: statement.arrow.to, insert: '+' }]);
}

/** Puts the message (with what travels with it) in a new block, one step further in. */
export function wrapMessage(text: DiagramText, line: number, block: string): DrawingEditResult {
  if (!message(text, line)) return refuse(NOT_A_MESSAGE);
  if (!(WRAP_BLOCKS as readonly string[]).includes(block)) {
    return refuse(`"${block.slice(0, 12)}" is not a block the drawing offers.`);
  }
  const { first, last } = text.messageGroup(line - 1);
  const indent = text.indentOf(line - 1);
  const lines = [...text.lines];
  const inner = lines.slice(first, last + 1).map((raw) => text.step + raw);
  const title = BLOCK_TITLES[block as WrapBlock];
  lines.splice(
    first,
    inner.length,
    `${indent}${block} ${title}${text.cr}`,
    ...inner,
    `${indent}end${text.cr}`,
  );
  return text.editTo(lines);
}

export function deleteMessage(text: DiagramText, line: number): DrawingEditResult {
  const statement = message(text, line);
  if (!statement) return refuse(NOT_A_MESSAGE);
  const above = text.statements[line - 2];
  if (above && above.kind !== 'message' && text.messageGroup(line - 1).first < line - 1) {
    const name = above.names[0]?.name ?? '';
    return refuse(
      `This message ${above.kind === 'destroy' ? 'destroys' : 'creates'} ${name}; delete ${name} instead, or its ${above.keyword} line first.`,
    );
  }
  if (statement.activation === '+') {
    const receiver = statement.names[1]!.name;
    const later = text.statements
      .slice(line)
      .some(
        (s) =>
          (s.kind === 'deactivate' && s.names[0]?.name === receiver) ||
          (s.kind === 'message' && s.activation === '-' && s.names[0]?.name === receiver),
      );
    if (later) {
      return refuse(
        `This message activates ${receiver}, and a later line deactivates it; remove that first.`,
      );
    }
  }
  const { last } = text.messageGroup(line - 1);
  const lines = [...text.lines];
  lines.splice(line - 1, last - (line - 1) + 1);
  const gone = text.messageLines().indexOf(line - 1);
  return text.editTo(lines, (old) => (old === gone ? null : old > gone ? old - 1 : old));
}

/** Writes the message's label (a message just drawn in, named as it is typed). */
export function setMessageLabel(text: DiagramText, line: number, label: string): DrawingEditResult {
  const statement = message(text, line);
  if (!statement) return refuse(NOT_A_MESSAGE);
  // One line of text: a `;` ends a statement and a `#` starts an entity, as the label editor writes.
  const clean = label
    .split(/\r?\n/)
    .map((part) => part.trim().replace(/[#;]/g, (char) => (char === '#' ? '#35;' : '#59;')))
    .join('<br/>');
  if (clean === '') return refuse('A label needs some text.');
  const content = text.content(line - 1);
  const colon = content.indexOf(':', statement.arrow!.to - statement.from);
  const from = statement.text?.from ?? statement.from + (colon < 0 ? content.length : colon + 1);
  const to = statement.text?.to ?? statement.from + content.length;
  const insert = colon < 0 ? `: ${clean}` : statement.text ? clean : ` ${clean}`;
  const lines = text.source.slice(0, from) + insert + text.source.slice(to);
  return text.editTo(lines.split('\n'));
}
