/**
 * The one module that draws diagrams with mermaid, everywhere: the preview frame (which History
 * shows and Export takes its drawing from) and the server's warm pages, where it is bundled from
 * this same source (vite.render-page.config.ts → dist/render-page/render.js). One configuration,
 * one size limit, one comment-stripping fallback, one error text.
 *
 * It runs in a browser document only; how mermaid is loaded is the caller's choice (a lazy chunk
 * in the app, the page's preloaded copy on the server).
 */
import type { Mermaid, RenderResult } from 'mermaid';
import { PREVIEW_TEXT } from '../messages.js';
import {
  exceedsTextLimit,
  mermaidConfig,
  stripCommentLines,
  type MermaidTheme,
} from '../mermaid-config.js';
import type { DiagramRender } from './diagram-render.js';
import { separateStyleStatements } from '../mermaid-reader/sequence-styles.js';
import { styleSequenceMarkup, type DrawingStyles } from './sequence-styling.js';

export interface DrawOptions {
  /**
   * On failure, also draw mermaid's own "Syntax error in text" graphic (the preview shows it);
   * without it the result's svg is empty (the server answers the error text instead).
   */
  errorGraphic: boolean;
}

/**
 * A drawing as this document holds it. `svg` is mermaid's sanitized markup, made when it is first
 * read (the patch's "deferred sanitize"); `drawnSvg` is the same drawing before that last pass,
 * for showing in this document only: mermaid drew that very markup in it (see showDrawing).
 */
export interface DrawnDiagram extends DiagramRender {
  readonly drawnSvg: string;
}

export type DrawDiagram = (
  text: string,
  theme: MermaidTheme,
  options?: DrawOptions,
) => Promise<DrawnDiagram>;

/** mermaid's answer, with the markup the patch keeps from before its final sanitizing pass. */
type MermaidDrawing = RenderResult & { lifelineDrawnSvg?: string };

function drawnDiagram(
  status: 'ok' | 'fallback',
  drawing: MermaidDrawing,
  error: string | null,
  styles: DrawingStyles | null,
  theme: MermaidTheme,
): DrawnDiagram {
  const styled = (markup: string) => (styles ? styleSequenceMarkup(markup, styles, theme) : markup);
  let svg: string | undefined;
  return {
    status,
    // Both the drawn and the sanitized markup carry the styles; the second still only when read.
    get svg() {
      return (svg ??= styled(drawing.svg));
    },
    drawnSvg: styled(drawing.lifelineDrawnSvg ?? drawing.svg),
    diagramType: drawing.diagramType,
    error,
  };
}

/** mermaid's error as text: an Error, its parser's `{ str }` object, or anything else. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'str' in error) return String(error.str);
  return String(error);
}

/** A drawing function bound to one way of loading mermaid. */
export function createDrawDiagram(loadMermaid: () => Promise<Mermaid>): DrawDiagram {
  let initialisedTheme: MermaidTheme | null = null;
  let renderCount = 0;

  async function renderOnce(mermaid: Mermaid, text: string): Promise<MermaidDrawing> {
    const id = `lifeline-diagram-${++renderCount}`;
    try {
      return await mermaid.render(id, text);
    } finally {
      // On a parse error mermaid leaves its temporary container (with the error graphic) behind.
      document.getElementById(`d${id}`)?.remove();
      document.getElementById(id)?.remove();
    }
  }

  return async function drawDiagram(text, theme, options = { errorGraphic: true }) {
    if (exceedsTextLimit(text)) {
      return {
        status: 'error',
        svg: '',
        drawnSvg: '',
        diagramType: 'error',
        error: PREVIEW_TEXT.maxTextExceeded,
      };
    }
    const mermaid = await loadMermaid();
    if (initialisedTheme !== theme) {
      // securityLevel 'strict' and the `secure` list keep directives from lowering security;
      // initialize costs milliseconds, so it runs only when the theme changes (mermaid.render
      // itself drops the %%{init}%% directives of the previous diagram).
      const config = mermaidConfig(theme);
      mermaid.initialize({
        ...config,
        secure: [...config.secure],
        sequence: { ...config.sequence },
      });
      initialisedTheme = theme;
    }
    const { text: drawn, styles } = separateStyleStatements(text);
    try {
      return drawnDiagram('ok', await renderOnce(mermaid, drawn), null, styles, theme);
    } catch (error) {
      const message = errorText(error);
      // Spec §2: a diagram that fails is drawn again with its comment lines removed.
      const stripped = stripCommentLines(drawn);
      if (stripped !== drawn && stripped.trim() !== '') {
        try {
          return drawnDiagram(
            'fallback',
            await renderOnce(mermaid, stripped),
            message,
            styles,
            theme,
          );
        } catch {
          // Fall through to the error.
        }
      }
      const svg = options.errorGraphic ? (await renderOnce(mermaid, 'error')).svg : '';
      return { status: 'error', svg, drawnSvg: svg, diagramType: 'error', error: message };
    }
  };
}
