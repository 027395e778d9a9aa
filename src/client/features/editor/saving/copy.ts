/** Saving wording that is ours; the spec's toasts live in @shared/messages. */
export const SAVING_COPY = {
  autoSave: 'Auto-save',
  saving: 'Saving…',
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  conflictTitle: 'This diagram changed elsewhere',
  conflictBody:
    'Someone (perhaps you, in another tab) saved this diagram after you opened it. Choose which version to keep; nothing is thrown away without your say.',
  keepServer: 'Keep the saved version',
  overwrite: 'Overwrite with mine',
  keepBoth: 'Save mine as a copy',
  copySuffix: ' (my version)',
  restoreTitle: 'Unsaved changes found',
  restoreBody: (when: string) =>
    `This browser kept edits from ${when} that never reached the server.`,
  restore: 'Restore them',
  discard: 'Discard',
  pendingCopySaved: (title: string) => `Your diagram has been saved as "${title}"`,
  pendingCopyFailed: 'Failed to save your diagram copy',
} as const;

export const SAVING_TESTIDS = {
  autoSaveSwitch: 'auto-save-switch',
  status: 'save-status',
  conflictDialog: 'conflict-dialog',
  keepServer: 'conflict-keep-server',
  overwrite: 'conflict-overwrite',
  keepBoth: 'conflict-keep-both',
  restoreBanner: 'restore-banner',
  restore: 'restore-backup',
  discard: 'discard-backup',
} as const;
