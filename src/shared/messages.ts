/** User-facing strings of spec §2 and §8, copied verbatim. */

export const LANDING = {
  tagline: 'Create, organize, and share beautiful sequence diagrams',
  signIn: 'Sign in with Google',
} as const;

export const EDITOR_TEXT = {
  placeholder: 'Enter your sequence diagram code here...',
  untitled: 'Untitled',
  save: 'Save',
  saveCopy: 'Save Copy',
  signIn: 'Sign In',
  share: 'Share',
  newDiagram: 'New',
  exportMenuTitle: 'Choose Format',
  notFound: '404 Page Not Found',
} as const;

/**
 * What every diagram route answers (404) when the diagram cannot be had: the client reads it to
 * tell "this diagram is gone for you" from a missing part of it (a version, a folder).
 */
export const DIAGRAM_NOT_FOUND = 'Diagram not found';

export const PREVIEW_TEXT = {
  syntaxError: 'Syntax error in text',
  maxTextExceeded: 'Maximum text size in diagram exceeded',
} as const;

export const TEMPLATE_DIALOG = {
  title: 'Choose a Template',
  close: 'Close',
  category: (category: string) => `Category: ${category}`,
} as const;

export const SAVE_PROMPT = {
  title: 'Save Your Work',
  continueWithout: 'Continue without saving',
} as const;

export const EXPORT_TEXT = {
  success: (format: string) => `Diagram exported successfully as ${format}`,
  failed: 'Failed to export diagram',
  notAvailable: 'Export function not available',
  noSvg: 'SVG element not found',
  /** Copy as text, Copy as ASCII: the label of a text format (src/shared/output-formats.ts). */
  copyAs: (what: string) => `Copy as ${what}`,
  textCopied: (what: string) => `Diagram copied as ${what}`,
  textFailed: 'Failed to copy the diagram as text',
  textTooSlow: 'The diagram took too long to draw as text; export it as an image instead.',
} as const;

export const TOAST_TEXT = {
  success: 'Success',
  error: 'Error',
  saved: 'Diagram saved successfully',
  saveFailed: 'Failed to save diagram',
  sessionExpiredTitle: 'Session Expired',
  sessionExpired:
    "Your session has expired. Don't worry, we're refreshing it. Please try saving again.",
  autoSaveFailedTitle: 'Auto-save failed',
  autoSaveFailed: 'Please try saving manually',
  autoSavedTitle: 'Auto-saved',
  autoSaved: 'Changes saved automatically',
  signInRequiredTitle: 'Sign in required',
  signInRequired:
    'Please sign in to save your diagram. It will be saved as a copy after authentication.',
  diagramNotFound: 'Diagram not found',
} as const;

export const API_TOKEN_TEXT = {
  regeneratedTitle: 'API Token Regenerated',
  regenerated: 'Your new API token has been generated successfully.',
  regenerateFailed: 'Failed to regenerate API token. Please try again.',
  copiedTitle: 'Copied!',
  copied: 'API token copied to clipboard.',
  copyFailedTitle: 'Copy Failed',
  copyFailed: 'Please copy the token manually.',
  confirmRegenerate:
    'Are you sure you want to regenerate your API token? This will invalidate your current token and any applications using it will need to be updated.',
} as const;
