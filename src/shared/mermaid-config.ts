/**
 * The one mermaid configuration (spec §9), fed to the browser preview and, later, the server
 * renderer, so both draw the same pixels.
 */
import { DIAGRAM_TEXT_MAX } from './constants.js';

export type ResolvedTheme = 'light' | 'dark';
export type MermaidTheme = 'dark' | 'neutral' | 'default' | 'forest';

/** Solid backgrounds of exported files, matching the theme the diagram was drawn in. */
export const EXPORT_BACKGROUND: Record<ResolvedTheme, string> = {
  light: '#ffffff',
  dark: '#111827',
};

export function previewThemeFor(theme: ResolvedTheme): MermaidTheme {
  return theme === 'dark' ? 'dark' : 'neutral';
}

/**
 * The product's palette on mermaid's base themes (spec §9: 'neutral' light, 'dark' dark): indigo
 * boxes and borders, slate lines and text, on the page's own background, so the drawing, the page
 * around it and an exported image agree.
 */
const LIGHT_PALETTE = {
  background: '#ffffff',
  primaryColor: '#eef2ff',
  primaryBorderColor: '#6366f1',
  primaryTextColor: '#1e1b4b',
  secondaryColor: '#f1f5f9',
  tertiaryColor: '#f8fafc',
  mainBkg: '#eef2ff',
  nodeBorder: '#6366f1',
  nodeTextColor: '#1e1b4b',
  textColor: '#0f172a',
  lineColor: '#475569',
  clusterBkg: '#f8fafc',
  clusterBorder: '#c7d2fe',
  edgeLabelBackground: '#ffffff',
  titleColor: '#0f172a',
  actorBkg: '#eef2ff',
  actorBorder: '#6366f1',
  actorTextColor: '#1e1b4b',
  actorLineColor: '#a5b4fc',
  signalColor: '#334155',
  signalTextColor: '#0f172a',
  labelBoxBkgColor: '#e0e7ff',
  labelBoxBorderColor: '#6366f1',
  labelTextColor: '#312e81',
  loopTextColor: '#312e81',
  noteBkgColor: '#f8fafc',
  noteBorderColor: '#94a3b8',
  noteTextColor: '#0f172a',
  activationBkgColor: '#e0e7ff',
  activationBorderColor: '#6366f1',
  sequenceNumberColor: '#ffffff',
} as const;

const DARK_PALETTE = {
  background: '#0b1120',
  primaryColor: '#1e1b4b',
  primaryBorderColor: '#818cf8',
  primaryTextColor: '#e0e7ff',
  secondaryColor: '#1e293b',
  tertiaryColor: '#111827',
  mainBkg: '#1e1b4b',
  nodeBorder: '#818cf8',
  nodeTextColor: '#e0e7ff',
  textColor: '#e2e8f0',
  lineColor: '#94a3b8',
  clusterBkg: '#111827',
  clusterBorder: '#4338ca',
  edgeLabelBackground: '#111827',
  titleColor: '#e2e8f0',
  actorBkg: '#1e1b4b',
  actorBorder: '#818cf8',
  actorTextColor: '#e0e7ff',
  actorLineColor: '#475569',
  signalColor: '#cbd5e1',
  signalTextColor: '#e2e8f0',
  labelBoxBkgColor: '#312e81',
  labelBoxBorderColor: '#818cf8',
  labelTextColor: '#e0e7ff',
  loopTextColor: '#c7d2fe',
  noteBkgColor: '#1e293b',
  noteBorderColor: '#64748b',
  noteTextColor: '#e2e8f0',
  activationBkgColor: '#312e81',
  activationBorderColor: '#818cf8',
  sequenceNumberColor: '#0b1120',
} as const;

/** The palette for `theme`: the two preview themes are tuned, others are mermaid's own. */
export function themeVariablesFor(theme: MermaidTheme) {
  if (theme === 'neutral') return LIGHT_PALETTE;
  if (theme === 'dark') return DARK_PALETTE;
  return {};
}

export function mermaidConfig(theme: MermaidTheme) {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme,
    themeVariables: themeVariablesFor(theme),
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
