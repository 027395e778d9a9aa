/** data-testid values shared by the editor components and the E2E tests. */
export const EDITOR_TESTIDS = {
  screen: 'editor-screen',
  header: 'editor-header',
  title: 'diagram-title',
  save: 'save-button',
  share: 'share-button',
  newDiagram: 'new-button',
  signIn: 'sign-in-button',
  codeEditor: 'code-editor',
  editorPanel: 'editor-panel',
  previewPanel: 'preview-panel',
  resizeHandle: 'panel-resize-handle',
  saveYourWork: 'save-your-work-dialog',
  saveYourWorkSignIn: 'save-your-work-sign-in',
  continueWithoutSaving: 'continue-without-saving',
  shareDialog: 'share-dialog',
  shareSignIn: 'share-sign-in',
} as const;
