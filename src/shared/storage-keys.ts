/** Browser storage keys of spec §3. */
export const STORAGE_KEYS = {
  autoSaveEnabled: 'autoSaveEnabled',
  pendingDiagramSave: 'pendingDiagramSave',
  authRedirectPath: 'authRedirectPath',
  pendingSharedDiagram: 'pendingSharedDiagram',
  pendingDiagramContent: 'pendingDiagramContent',
  theme: 'lifeline-theme',
  /** The other key the sources give for the theme; read as a fallback, never written. */
  themeAlt: 'lifeline-ui-theme',
  /** Prefix of the panel layout keys; react-resizable-panels appends the autosave id. */
  panelsAutoSaveId: (variant: string) => `lifeline-panels-${variant}`,
  /** The newest version of a diagram a user has seen on this device ('Changes since your last visit'). */
  lastSeenVersion: (userId: number, diagramId: number) =>
    `lifeline-last-seen-${userId}-${diagramId}`,
  /** Whether the code editor wraps long lines: 'true' or 'false'; true when unset. */
  editorLineWrap: 'lifeline-editor-wrap',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEMES)[number];
export const DEFAULT_THEME: ThemeChoice = 'system';
