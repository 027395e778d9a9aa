/**
 * Mermaid behind one wrapper, used by the render frame (and by the inline diagnostic mode).
 * mermaid is imported lazily so it is its own chunk, never part of the landing page's bundle.
 */
import type { Mermaid } from 'mermaid';
import { mermaidConfig, stripCommentLines } from '@shared/mermaid-config';
import type { FrameTheme, RenderStatus } from './protocol';

export interface DiagramRender {
  status: RenderStatus;
  svg: string;
  diagramType: string;
  error: string | null;
}

let mermaidPromise: Promise<Mermaid> | null = null;
let initialisedTheme: FrameTheme | null = null;
let renderCount = 0;

export function loadMermaid(): Promise<Mermaid> {
  mermaidPromise ??= import('mermaid').then((module) => module.default);
  return mermaidPromise;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error && 'str' in error) return String(error.str);
  return String(error);
}

async function renderOnce(mermaid: Mermaid, text: string) {
  const id = `lifeline-diagram-${++renderCount}`;
  try {
    return await mermaid.render(id, text);
  } finally {
    // On a parse error mermaid leaves its temporary container (with the error graphic) behind.
    document.getElementById(`d${id}`)?.remove();
    document.getElementById(id)?.remove();
  }
}

/**
 * Renders `text`; on a syntax error, retries with comment lines stripped (spec §2). Without a
 * working fallback the result is mermaid's own 'Syntax error in text' graphic.
 */
export async function renderDiagram(text: string, theme: FrameTheme): Promise<DiagramRender> {
  const mermaid = await loadMermaid();
  if (initialisedTheme !== theme) {
    // securityLevel 'strict' and the `secure` list keep directives from lowering security.
    const config = mermaidConfig(theme);
    mermaid.initialize({ ...config, secure: [...config.secure], sequence: { ...config.sequence } });
    initialisedTheme = theme;
  }
  try {
    const { svg, diagramType } = await renderOnce(mermaid, text);
    return { status: 'ok', svg, diagramType, error: null };
  } catch (error) {
    const message = errorMessage(error);
    const stripped = stripCommentLines(text);
    if (stripped !== text && stripped.trim() !== '') {
      try {
        const { svg, diagramType } = await renderOnce(mermaid, stripped);
        return { status: 'fallback', svg, diagramType, error: message };
      } catch {
        // Fall through to the error graphic.
      }
    }
    const { svg } = await renderOnce(mermaid, 'error');
    return { status: 'error', svg, diagramType: 'error', error: message };
  }
}
