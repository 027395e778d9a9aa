/**
 * Which kind of diagram a text is: the first word of its first line that is not blank, a `%%`
 * comment or directive, or part of a `---` front-matter block. Mermaid decides the same way.
 */

/** The index of the line that names the diagram kind, or -1 when no line does. */
export function keywordLine(lines: readonly string[]): number {
  let inFrontMatter = false;
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '---') {
      if (index === 0 || inFrontMatter) inFrontMatter = !inFrontMatter;
      continue;
    }
    if (inFrontMatter || trimmed === '' || trimmed.startsWith('%%')) continue;
    return index;
  }
  return -1;
}

/** The diagram keyword as written (`sequenceDiagram`, `flowchart`, `classDiagram`…), or ''. */
export function diagramKeyword(source: string): string {
  const lines = source.split('\n');
  const line = lines[keywordLine(lines)]?.trim() ?? '';
  return /^[A-Za-z][\w-]*/.exec(line)?.[0] ?? '';
}

/** The text from the line that names the diagram kind on: no front matter, no leading comments. */
export function diagramBody(source: string): string {
  const lines = source.split('\n');
  return lines.slice(Math.max(0, keywordLine(lines))).join('\n');
}

export type Family = 'sequence' | 'flowchart' | 'class' | 'other';

/** The families some features read more closely than by kind alone. */
export function diagramFamily(source: string): Family {
  const keyword = diagramKeyword(source);
  if (keyword === 'sequenceDiagram') return 'sequence';
  if (keyword === 'flowchart' || keyword === 'graph' || keyword === 'flowchart-elk') {
    return 'flowchart';
  }
  if (keyword === 'classDiagram' || keyword === 'classDiagram-v2') return 'class';
  return 'other';
}
