/**
 * A one-line description of diagram text for link previews: its kind and, for sequence
 * diagrams, how many participants and messages it has.
 */

const KINDS: [RegExp, string][] = [
  [/^sequenceDiagram\b/, 'Sequence diagram'],
  [/^(flowchart|graph)\b/, 'Flowchart'],
  [/^classDiagram\b/, 'Class diagram'],
  [/^stateDiagram(-v2)?\b/, 'State diagram'],
  [/^erDiagram\b/, 'Entity relationship diagram'],
  [/^gantt\b/, 'Gantt chart'],
  [/^pie\b/, 'Pie chart'],
  [/^journey\b/, 'User journey'],
  [/^gitGraph\b/, 'Git graph'],
  [/^mindmap\b/, 'Mind map'],
  [/^timeline\b/, 'Timeline'],
];

/** An arrow of a message line; each try reads at most six characters, so a scan is linear. */
const ARROW = /<<-{1,2}>>|-{1,2}(?:>>|>|x|\))/g;
const DECLARATION = /^\s*(participant|actor)\s+([^\s;]+)/;

/**
 * `Sender ->> Receiver: text` read by hand: regexes with a lazy sender, spaces and an arrow next
 * to each other backtrack quadratically on a long line of spaces.
 */
function message(line: string): [string, string] | null {
  const colon = line.indexOf(':');
  if (colon < 0) return null;
  const head = line.slice(0, colon);
  if (head.includes(';')) return null;
  const start = head.length - head.trimStart().length;
  if (start === head.length || head[start] === '-') return null;
  ARROW.lastIndex = start + 1;
  const arrow = ARROW.exec(head);
  if (!arrow) return null;
  const sender = head.slice(start, arrow.index).trim();
  let receiver = head.slice(arrow.index + arrow[0].length).trim();
  if (receiver.startsWith('+') || receiver.startsWith('-')) receiver = receiver.slice(1).trim();
  return sender && receiver ? [sender, receiver] : null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function describeDiagram(content: string): string {
  const lines = content.split('\n').filter((line) => !line.trimStart().startsWith('%%'));
  const first = lines.find((line) => line.trim() !== '')?.trim() ?? '';
  const kind = KINDS.find(([pattern]) => pattern.test(first))?.[1] ?? 'Diagram';
  if (kind !== 'Sequence diagram') return kind;

  const participants = new Set<string>();
  let messages = 0;
  for (const line of lines) {
    const declared = DECLARATION.exec(line);
    if (declared?.[2]) participants.add(declared[2]);
    const ends = message(line);
    if (ends) {
      messages += 1;
      participants.add(ends[0]);
      participants.add(ends[1]);
    }
  }
  return `${kind} · ${plural(participants.size, 'participant')} · ${plural(messages, 'message')}`;
}
