/**
 * The SVG markup the preview currently shows, kept in the parent page for export
 * (the drawing itself lives in the sandboxed frame).
 */
import { useSyncExternalStore } from 'react';
import type { ResolvedTheme } from '@shared/mermaid-config';

export interface RenderedSvg {
  svg: string;
  theme: ResolvedTheme;
}

let current: RenderedSvg | null = null;
const listeners = new Set<() => void>();

export function setRenderedSvg(next: RenderedSvg | null): void {
  if (next?.svg === current?.svg && next?.theme === current?.theme) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The SVG markup currently shown, or null when the preview shows none. */
export function getRenderedSvg(): string | null {
  return current?.svg ?? null;
}

/** The markup with the theme it was drawn in (export paints the matching background). */
export function getRenderedDiagram(): RenderedSvg | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders the caller when the shown SVG changes (e.g. to enable the export button). */
export function useRenderedSvg(): string | null {
  return useSyncExternalStore(subscribe, getRenderedSvg, getRenderedSvg);
}
