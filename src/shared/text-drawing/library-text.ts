/**
 * Flowcharts and class diagrams drawn as text by beautiful-mermaid's ASCII renderer. Its input
 * is cleaned first (no escape sequences or control characters can reach a terminal), and each
 * wide character (CJK) is followed by a marker so the library, which counts UTF-16 units, gives
 * it two columns; the markers are removed from its output.
 * Its layout search can run for minutes on a few dozen crossing edges, so callers run this in a
 * worker with a time limit (see the server's text-render and the editor's export worker).
 */
import { renderMermaidASCII } from 'beautiful-mermaid';
import { diagramBody } from '../mermaid-reader/kind.js';
import { cellsOf, cleanText } from './cells.js';
import type { TextFormat } from './glyphs.js';

// A private-use character: never meaningful in diagram text, one UTF-16 unit.
const WIDE_MARK = '\ue000';

function prepared(source: string): string {
  // The library reads the kind from the first line: front matter and leading comments go.
  return diagramBody(source)
    .split('\n')
    .map((line) =>
      cellsOf(cleanText(line.replace(/\r$/, '')).replaceAll(WIDE_MARK, ''))
        .map((cell) =>
          cell.width === 2 && cell.text.length === 1 ? cell.text + WIDE_MARK : cell.text,
        )
        .join(''),
    )
    .join('\n');
}

export function renderLibraryText(source: string, format: TextFormat): string {
  const drawn = renderMermaidASCII(prepared(source), {
    useAscii: format === 'ascii',
    colorMode: 'none',
  });
  return drawn
    .replaceAll(WIDE_MARK, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');
}
