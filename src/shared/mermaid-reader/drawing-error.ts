/**
 * Mermaid's errors that name no line: a sequence diagram that parses but cannot be drawn. Each is
 * found in the text with the sequence reader and told in plain words:
 * - "Trying to inactivate an inactive participant (X)": a `deactivate X`, or a `-` on X's
 *   message, with X not active (the reader's warnings find the same line);
 * - "The created participant X does not have an associated creating message…": a `create`
 *   whose next statement is not a message to it;
 * - "Cannot read properties of undefined…" (mermaid's renderer crashing): an `activate X` of a
 *   participant nothing else in the diagram names.
 */
import { readSequence, type Statement } from './sequence.js';
import { sequenceWarnings } from './warnings.js';

export interface DrawingError {
  /** 1-based line in the full text. */
  line: number;
  /** One plain sentence, without the line. */
  sentence: string;
}

const INACTIVE = /^Trying to inactivate an inactive participant \((.+)\)$/;
const CREATED = /^The created participant .* does not have an associated creating message/;
const CRASH = /^Cannot read properties of undefined/;

const lineAt = (source: string, offset: number) => source.slice(0, offset).split('\n').length;

/** The statements after the header line (none when there is none). */
function body(source: string): Statement[] {
  const all = readSequence(source);
  const header = all.findIndex((statement) => statement.kind === 'header');
  return header < 0 ? [] : all.slice(header + 1);
}

function inactive(source: string, name: string): DrawingError | null {
  const warning = sequenceWarnings(source).find((w) =>
    w.message.startsWith(`${name} is not active`),
  );
  if (!warning) return null;
  return {
    line: lineAt(source, warning.from),
    sentence: `${name} is not active here: add \`activate ${name}\` above (or a \`+\` on a message to ${name}), or remove this deactivation.`,
  };
}

const SKIPPED = new Set(['blank', 'comment']);

function createdAlone(source: string): DrawingError | null {
  const statements = body(source).filter((statement) => !SKIPPED.has(statement.kind));
  for (const [index, statement] of statements.entries()) {
    const created = statement.keyword === 'create' ? statement.names[0]?.name : undefined;
    if (created === undefined) continue;
    const next = statements[index + 1];
    if (next?.kind === 'message' && next.names[1]?.name === created) continue;
    return {
      line: statement.line,
      sentence: `A participant made with \`create\` needs the message that makes it on the next line, like \`Alice->>${created}: Hi\`.`,
    };
  }
  return null;
}

function activatedStranger(source: string): DrawingError | null {
  const statements = body(source);
  const named = new Set(
    statements
      .filter((s) => s.kind !== 'activate' && s.kind !== 'deactivate')
      .flatMap((s) => s.names.map((ref) => ref.name)),
  );
  const stranger = statements.find(
    (s) => s.kind === 'activate' && s.names[0] && !named.has(s.names[0].name),
  );
  const name = stranger?.names[0]?.name;
  if (!stranger || name === undefined) return null;
  return {
    line: stranger.line,
    sentence: `${name} is not in the diagram: activate a participant that sends or receives a message, or declare it with \`participant ${name}\`.`,
  };
}

/** Where mermaid's line-less `message` about `source` is, and what to do; null when unknown. */
export function placeDrawingError(message: string, source: string): DrawingError | null {
  const text = message.trim();
  const inactiveName = INACTIVE.exec(text)?.[1];
  if (inactiveName !== undefined) return inactive(source, inactiveName);
  if (CREATED.test(text)) return createdAlone(source);
  if (CRASH.test(text)) return activatedStranger(source);
  return null;
}
