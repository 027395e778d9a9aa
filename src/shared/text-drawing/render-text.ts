/**
 * Diagram text → a text drawing for terminals, RFCs and code comments: sequence diagrams by our
 * own renderer, flowcharts and class diagrams by beautiful-mermaid's (see Decisions). Other kinds
 * are refused. `description` is the diagram in words instead (describe-diagram.ts), for any kind. Synchronous: the server and the editor call it in a worker with a time limit.
 */
import { DIAGRAM_TEXT_MAX } from '../constants.js';
import { describeDiagramText } from '../describe-diagram.js';
import { diagramFamily, diagramKeyword } from '../mermaid-reader/kind.js';
import { cleanText } from './cells.js';
import { TextDiagramError, type TextFormat } from './glyphs.js';
import { renderLibraryText } from './library-text.js';
import { renderSequenceText } from './sequence-text.js';

export { TextDiagramError, type TextFormat, type TextDiagramProblem } from './glyphs.js';

/** The diagram kinds a text drawing exists for. */
export const TEXT_DIAGRAM_KINDS = 'sequence diagrams, flowcharts and class diagrams';

export function drawText(source: string, format: TextFormat): string {
  if (source.length > DIAGRAM_TEXT_MAX) {
    throw new TextDiagramError(
      'too-large',
      `A text drawing takes at most ${DIAGRAM_TEXT_MAX.toLocaleString('en')} characters of diagram text.`,
    );
  }
  // The text version in words exists for every kind (a summary where there is no more to say).
  if (format === 'description') return describeDiagramText(source);
  const family = diagramFamily(source);
  if (family === 'sequence') return renderSequenceText(source, format);
  if (family === 'flowchart' || family === 'class') {
    try {
      return renderLibraryText(source, format);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new TextDiagramError(
        'invalid',
        `The diagram could not be drawn as text: ${cleanText(reason).slice(0, 200)}`,
      );
    }
  }
  const keyword = diagramKeyword(source);
  throw new TextDiagramError(
    'unsupported',
    `Text output is available for ${TEXT_DIAGRAM_KINDS}${keyword ? `, not for ${keyword.slice(0, 40)}` : ''}.`,
  );
}
