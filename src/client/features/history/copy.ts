/** Wording and test ids of the version history and of 'Recently deleted'. */
import type { VersionKind } from '@shared/versions';

export const HISTORY_COPY = {
  button: 'History',
  title: 'Version history',
  description:
    'Every save keeps a version; auto-saves keep one every five minutes at most. Restoring makes a version current and can itself be undone.',
  loading: 'Loading versions…',
  empty: 'No versions yet. Save the diagram to keep one.',
  loadFailed: 'Could not load the history.',
  versionsLabel: 'Versions, newest first',
  kind: {
    created: 'Created',
    manual: 'Saved',
    auto: 'Auto-saved',
    restore: 'Restored',
  } satisfies Record<VersionKind, string>,
  by: (name: string) => `by ${name}`,
  latest: 'Latest',
  drawing: 'Drawing',
  changes: 'Changes',
  viewLabel: 'Show',
  diffLegendVersion: 'Only in this version',
  diffLegendCurrent: 'Only in the editor now',
  diffAddedLabel: 'Only in this version:',
  diffRemovedLabel: 'Only in the editor now:',
  noDifferences: 'This version is the same as the text in the editor.',
  diffLabel: 'Line-by-line differences between this version and the editor',
  restore: 'Restore',
  restoring: 'Restoring…',
  confirmTitle: 'Restore this version?',
  confirmBody: (when: string) =>
    `The editor will show the version from ${when}. The text it replaces stays in the history, so you can restore it again.`,
  confirmUnsaved: 'Your unsaved changes are saved first.',
  cancel: 'Cancel',
  restored: (when: string) => `Restored the version from ${when}`,
  restoreFailed: 'Could not restore this version',
  viewerNote: 'You can look at versions; only the owner and editors can restore them.',
} as const;

export const HISTORY_TESTIDS = {
  button: 'history-button',
  dialog: 'history-dialog',
  version: 'history-version',
  preview: 'history-preview',
  diff: 'history-diff',
  diffAdded: 'history-diff-added',
  diffRemoved: 'history-diff-removed',
  showDrawing: 'history-show-drawing',
  showChanges: 'history-show-changes',
  restore: 'history-restore',
  confirmRestore: 'history-confirm-restore',
} as const;
