/**
 * Which kind of diagram a text is: the first word of its first line that is not blank, a `%%`
 * comment or directive, or part of a `---` front-matter block. Mermaid decides the same way.
 */

/** The diagram keyword as written (`sequenceDiagram`, `flowchart`, `classDiagram`…), or ''. */
export function diagramKeyword(source: string): string {
  let inFrontMatter = false;
  let first = true;
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '---') {
      if (first || inFrontMatter) inFrontMatter = !inFrontMatter;
      first = false;
      continue;
    }
    first = false;
    if (inFrontMatter || trimmed === '' || trimmed.startsWith('%%')) continue;
    return /^[A-Za-z][\w-]*/.exec(trimmed)?.[0] ?? '';
  }
  return '';
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
