/** Editor wording that is ours; the spec's strings live in @shared/messages. */
export const EDITOR_COPY = {
  titleLabel: 'Diagram title',
  codeLabel: 'Diagram code',
  previewLabel: 'Preview',
  resizeLabel: 'Resize editor and preview',
  saveYourWorkBody:
    'Sign in to keep this diagram, organise it in folders and share it by link. Until then your draft stays in this browser only.',
  shareTitle: 'Share Diagram',
  shareBody:
    'Sharing needs an account. Sign in and your diagram is saved as a copy, ready to share by public link.',
  makePublic: 'Make diagram public',
  shareHint: 'Enable public sharing to generate a shareable link with diagram preview',
  discardTitle: 'Discard unsaved changes?',
  discardSignedOut:
    'The text in the editor is not saved anywhere. Starting a new diagram replaces it, and it cannot be brought back.',
  discardSaveFailed: (reason: string) =>
    `Your changes to this diagram could not be saved (${reason}). Starting a new diagram replaces them in the editor.`,
  discardKeep: 'Keep editing',
  discardContinue: 'Discard and continue',
  /** The editor setting: long lines wrap (on) or scroll sideways (off). */
  wrapLines: 'Wrap long lines',
  editorSettings: 'Editor',
} as const;

/** Wording of styled sequence diagrams in the editor. */
export const EDITOR_STYLE_TEXT = {
  messageNumber: (number: number) => `Message ${number} (linkStyle ${number})`,
} as const;

/**
 * How long the 'Sign in required' toast stays readable before the page leaves for sign-in.
 * Leaving at once would make the toast flash by unread.
 */
export const SIGN_IN_REDIRECT_DELAY_MS = 1500;
