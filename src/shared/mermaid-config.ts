/**
 * The one mermaid configuration (spec §9), fed to the browser preview and, later, the server
 * renderer, so both draw the same pixels.
 */
import { DIAGRAM_TEXT_MAX } from './constants.js';

export type ResolvedTheme = 'light' | 'dark';
export type MermaidTheme = 'dark' | 'neutral' | 'default' | 'forest';

export function previewThemeFor(theme: ResolvedTheme): MermaidTheme {
  return theme === 'dark' ? 'dark' : 'neutral';
}

export function mermaidConfig(theme: MermaidTheme) {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme,
    maxTextSize: DIAGRAM_TEXT_MAX,
    // Directives in diagram text may not change these.
    secure: ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'maxEdges', 'theme'],
    sequence: {
      actorMargin: 120,
      messageMargin: 40,
      boxMargin: 10,
      width: 150,
      wrap: true,
    },
  } as const;
}

/** Spec §2: the preview's fallback renders the text with comment lines removed. */
export function stripCommentLines(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('%%'))
    .join('\n');
}

export function exceedsTextLimit(text: string): boolean {
  return text.length > DIAGRAM_TEXT_MAX;
}
