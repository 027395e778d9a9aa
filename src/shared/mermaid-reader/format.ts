/**
 * Tidies diagram text: trailing spaces go, and in a sequence diagram every statement is indented
 * four spaces per block around it (one level under `sequenceDiagram`). Comments and text are
 * kept as they are; lines before the diagram's first line (front matter, directives) only lose
 * trailing spaces.
 */
import { diagramFamily } from './kind.js';
import { readSequence } from './sequence.js';

export const FORMAT_INDENT = '    ';

/** The formatted text of each line, in order (the text's line count is kept). */
export function formatLines(source: string): string[] {
  const lines = source.split('\n');
  if (diagramFamily(source) !== 'sequence') return lines.map((line) => line.trimEnd());
  const statements = readSequence(source);
  const header = statements.findIndex((statement) => statement.kind === 'header');
  let inDescription = false;
  return lines.map((line, index) => {
    const statement = statements[index];
    const text = line.trim();
    if (!statement || index < header || text === '') return line.trimEnd();
    if (index === header) return text;
    // The lines of a multi-line accessible description keep their own layout.
    const keep = inDescription;
    if (statement.keyword === 'accdescr' || inDescription) {
      inDescription = (inDescription || text.includes('{')) && !text.includes('}');
    }
    if (keep) return line.trimEnd();
    return FORMAT_INDENT.repeat(statement.depth + 1) + text;
  });
}

export function formatDiagram(source: string): string {
  return formatLines(source).join('\n');
}
