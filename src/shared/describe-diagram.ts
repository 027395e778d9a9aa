/**
 * A one-line description of diagram text for link previews: its kind and, for sequence
 * diagrams, how many participants and messages it has.
 */
import { diagramKeyword } from './mermaid-reader/kind.js';
import { participantsOf, readSequence } from './mermaid-reader/sequence.js';

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
