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

const MESSAGE =
  /^\s*([^\s:;-][^:;]*?)\s*(-{1,2}>>|-{1,2}>|-{1,2}x|-{1,2}\)|<<-{1,2}>>)\s*[+-]?\s*([^:;]+?)\s*:/;
const DECLARATION = /^\s*(participant|actor)\s+([^\s;]+)/;

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
    const message = MESSAGE.exec(line);
    if (message?.[1] && message[3]) {
      messages += 1;
      participants.add(message[1]);
      participants.add(message[3]);
    }
  }
  return `${kind} · ${plural(participants.size, 'participant')} · ${plural(messages, 'message')}`;
}
