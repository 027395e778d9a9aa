/**
 * A checked diagram as a drawing: its own text with the calls it lacks added at the end (dashed,
 * marked added: green) and its messages no trace shows marked changed (amber), with the drawn
 * diff's marks (mermaid-drawing/mark-changes.ts), so the check reads like 'What changed'.
 * A service the diagram has no participant for is declared after the diagram's own.
 */
import type { DiffMark, DiffMarks } from '../diagram-diff/drawing.js';
import { participantsOf, readSequence } from '../mermaid-reader/sequence.js';
import type { TraceCheck } from './check.js';
import { escapeLabel, participantId, shorten } from './escape.js';

const INDENT = '    ';
const LABEL_MAX = 80;

export function checkDrawing(
  source: string,
  check: TraceCheck,
): { text: string; marks: DiffMarks } {
  const statements = readSequence(source);
  const drift = new Set(check.onlyInDiagram.map((message) => message.line));
  const messages: (DiffMark | null)[] = statements
    .filter((statement) => statement.kind === 'message')
    .map((statement) => (drift.has(statement.line) ? 'changed' : null));

  const known = new Set(participantsOf(statements).map((participant) => participant.name));
  const taken = new Set([...known].map((name) => name.toLowerCase()));
  const ids = new Map<string, string>();
  const participants: Record<string, DiffMark> = {};
  const lines: string[] = [];
  const idOf = (name: string) => {
    if (known.has(name)) return name;
    let id = ids.get(name);
    if (id === undefined) {
      id = participantId(name, taken);
      ids.set(name, id);
      participants[id] = 'added';
      const alias = escapeLabel(shorten(name, LABEL_MAX));
      lines.push(
        alias === id ? `${INDENT}participant ${id}` : `${INDENT}participant ${id} as ${alias}`,
      );
    }
    return id;
  };
  const calls = check.onlyInTrace.map((call) => {
    const from = idOf(call.from);
    const to = idOf(call.to);
    const times = call.count > 1 ? ` (${call.count}×)` : '';
    return `${INDENT}${from}-->>${to}: ${escapeLabel(shorten(call.label, LABEL_MAX))}${times}`;
  });
  lines.push(...calls);
  for (let i = 0; i < calls.length; i++) messages.push('added');
  if (lines.length === 0) return { text: source, marks: { messages, notes: [], participants } };
  return {
    text: `${source.trimEnd()}\n${lines.join('\n')}\n`,
    marks: { messages, notes: [], participants },
  };
}
