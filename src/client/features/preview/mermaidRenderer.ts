/**
 * The shared render module (src/shared/mermaid-drawing) bound to the app's mermaid: a lazy chunk, never
 * part of the landing page's bundle. Used by the render frame (and the inline diagnostic mode).
 */
import type { Mermaid } from 'mermaid';
import { createDrawDiagram } from '@shared/mermaid-drawing/draw-diagram';

let mermaidPromise: Promise<Mermaid> | null = null;

export function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then((module) => module.default);
  return mermaidPromise;
}

/** Draws with the preview's settings; on failure, with mermaid's own error graphic. */
export const renderDiagram = createDrawDiagram(loadMermaid);
