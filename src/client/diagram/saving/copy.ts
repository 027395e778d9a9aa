/** Saving wording that is ours; the spec's toasts live in @shared/messages. */
export const SAVING_COPY = {
  autoSave: 'Auto-save',
  saving: 'Saving…',
  saved: 'All changes saved',
  unsaved: 'Unsaved changes',
  offline: 'Offline — changes are kept on this device',
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
  accessRemovedTitle: 'Access removed',
  accessRemoved: 'You no longer have access to this diagram. Your text is kept on this device.',
  accessRemovedFrom: (title: string) =>
    `You no longer have access to "${title}". Your text is kept on this device.`,
  viewOnlyTitle: 'View only',
  viewOnly: 'You can now only view this diagram. Your text is kept on this device.',
  saveAsCopy: 'Save as a copy',
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
  accessLostBanner: 'access-lost-banner',
  accessLostCopy: 'access-lost-save-copy',
  accessLostDiscard: 'access-lost-discard',
} as const;
