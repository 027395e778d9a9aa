/**
 * The SVG markup the preview currently shows, kept in the parent page for export
 * (the drawing itself lives in the sandboxed frame).
 */
import type { ResolvedTheme } from '@shared/mermaid-config';

export interface RenderedSvg {
  /** Read when export needs it: a frame's markup is decoded from its bytes on first read. */
  readonly svg: string;
  theme: ResolvedTheme;
}

let current: RenderedSvg | null = null;

export function setRenderedSvg(next: RenderedSvg | null): void {
  current = next;
}

/** The SVG markup currently shown, or null when the preview shows none. */
export function getRenderedSvg(): string | null {
  return current?.svg ?? null;
}

/** The markup with the theme it was drawn in (export paints the matching background). */
export function getRenderedDiagram(): RenderedSvg | null {
  return current;
}
