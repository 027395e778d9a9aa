/**
 * The names a flowchart or class diagram gives its nodes and classes, most used first: words
 * outside labels (brackets, quotes, pipes, `: text`) that are not keywords. One forward scan per
 * line.
 */

const FLOW_KEYWORDS = new Set([
  'flowchart',
  'graph',
  'subgraph',
  'end',
  'direction',
  'classDef',
  'class',
  'style',
  'linkStyle',
  'click',
  'TB',
  'TD',
  'BT',
  'LR',
  'RL',
  'call',
  'href',
]);
const CLASS_KEYWORDS = new Set([
  'classDiagram',
  'class',
  'namespace',
  'direction',
  'note',
  'for',
  'style',
  'classDef',
  'cssClass',
  'callback',
  'link',
  'click',
  'TB',
  'BT',
  'LR',
  'RL',
  'href',
  'call',
]);
/** Lines that style or link nodes rather than draw them. */
const STYLING = /^\s*(?:classDef|style|linkStyle|click|cssClass|callback|link)\b/;
const OPENERS: Record<string, string> = {
  '[': ']',
  '(': ')',
  '{': '}',
  '"': '"',
  '|': '|',
  '<': '>',
  '`': '`',
};
const WORD = /[A-Za-z_][\w]*/y;

function wordsOutsideLabels(line: string, keywords: Set<string>, out: Map<string, number>) {
  let closer: string | null = null;
  for (let at = 0; at < line.length; at++) {
    const char = line[at] ?? '';
    if (closer) {
      if (char === closer) closer = null;
      continue;
    }
    if (char === ':' || line.startsWith('%%', at)) return; // a label or comment to the line's end
    // `-- text -->`: an inline edge label; skip to the arrow that ends it.
    if (line.startsWith('-- ', at) || line.startsWith('== ', at)) {
      const end = line.slice(at + 3).search(/--|==/);
      if (end >= 0) at += 3 + end + 1;
      continue;
    }
    const opener = OPENERS[char];
    // `<|--` and `--|>` are class relations, not a `<label>` or a `|label|`.
    const arrowHead =
      (char === '<' && line[at + 1] === '|') ||
      (char === '|' && (line[at - 1] === '<' || /[->]/.test(line[at + 1] ?? '')));
    if (opener && !arrowHead) {
      closer = opener;
      continue;
    }
    if (!/[A-Za-z_]/.test(char) || /\w/.test(line[at - 1] ?? '')) continue;
    WORD.lastIndex = at;
    const word = WORD.exec(line)?.[0] ?? '';
    if (!keywords.has(word)) out.set(word, (out.get(word) ?? 0) + 1);
    at += word.length - 1;
  }
}

function idsOf(source: string, keywords: Set<string>, skipFirst: boolean): string[] {
  const counts = new Map<string, number>();
  const lines = source.split('\n');
  lines.forEach((line, index) => {
    if (skipFirst && index === 0) return;
    if (STYLING.test(line)) return;
    wordsOutsideLabels(line, keywords, counts);
  });
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([word]) => word);
}

export const flowchartIds = (source: string): string[] => idsOf(source, FLOW_KEYWORDS, true);
export const classNames = (source: string): string[] => idsOf(source, CLASS_KEYWORDS, true);
