/**
 * The SVG markup the preview currently shows, kept in the parent page for export
 * (the drawing itself lives in the sandboxed frame).
 */
import type { ResolvedTheme } from '@shared/mermaid-config';

export interface RenderedSvg {
  /** Asked for when export needs it: a frame's markup may still be on its way (RenderResult). */
  markup(): Promise<string>;
  theme: ResolvedTheme;
}

let current: RenderedSvg | null = null;

export function setRenderedSvg(next: RenderedSvg | null): void {
  current = next;
}

/** The markup with the theme it was drawn in (export paints the matching background). */
export function getRenderedDiagram(): RenderedSvg | null {
  return current;
}
