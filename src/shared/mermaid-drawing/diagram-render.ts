/**
 * What a drawing is, for every side: the preview frame, the server's warm pages and the server
 * code that talks to them. Plain data (no DOM), so server code may import it.
 */
import type { DiffMarks } from '../diagram-diff/drawing.js';
import type { MermaidTheme } from '../mermaid-config.js';
import type { DrawnFormat } from '../output-formats.js';

/** ok: drawn as written; fallback: drawn only with `%%` comment lines removed; error: not drawn. */
export type RenderStatus = 'ok' | 'fallback' | 'error';

export interface DiagramRender {
  status: RenderStatus;
  svg: string;
  diagramType: string;
  /** mermaid's error (also set for a fallback drawing: why the text as written failed). */
  error: string | null;
}

/** What the server asks a warm page to draw (`window.lifelineRender`). */
export interface PageRenderInput {
  content: string;
  format: DrawnFormat;
  background: string;
  theme: MermaidTheme;
  /**
   * Step through the messages (see src/shared/present): an SVG animated by CSS at `paceMs` per
   * step, or a PDF of one page per step, refused past `maxPages`.
   */
  steps?: { paceMs: number; maxPages: number };
  /** The changes of a diff to mark on the drawing (see mark-changes.ts). */
  marks?: DiffMarks;
}

/**
 * A warm page's answer: the error text, or the drawing. SVG with a viewBox comes back as text;
 * anything else is left on the page (for a screenshot or a PDF) with its own size.
 */
export type PageRenderAnswer =
  | { error: string }
  | {
      svg?: string;
      box?: { width: number; height: number };
      /** Drawn only with comment lines removed (the preview shows the same). */
      fallback: boolean;
    };

/**
 * The functions a warm page's script puts on its global object (src/shared/mermaid-drawing/warm-page.ts),
 * each called by the server with one argument.
 */
export interface WarmPageApi {
  /** Draws one diagram and leaves it fitted in #stage. */
  lifelineRender(input: PageRenderInput): Promise<PageRenderAnswer>;
  /**
   * Gives the drawing left on the page its final size; a drawing asked for with steps is then
   * laid out as one page per step, for printing.
   */
  lifelinePlace(size: { width: number; height: number }): void;
}
