/** Saving wording that is ours; the spec's toasts live in @shared/messages. */
import type { RefusedReason } from '@shared/live';
import { CONTENT_MAX } from '@shared/schemas';

/** A refusal the editor recovers from by taking the server's text again (all but read-only). */
export type ResyncReason = Exclude<RefusedReason, 'read-only'>;

const SHOWN_AGAIN =
  'The editor shows the text the server holds again; your version is kept on this device.';

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
  refusedTitle: 'Your last change was not saved',
  /** What happened and what to do, per refusal: said once, in the banner offering the text. */
  refusedBody: {
    'too-large': `The diagram would be larger than the server keeps (at most ${CONTENT_MAX.toLocaleString('en')} characters). ${SHOWN_AGAIN} To use it, turn Auto-save off, restore it, shorten it and save.`,
    'too-complex': `It changed more at once than one edit may. ${SHOWN_AGAIN} Restore it to try again.`,
    invalid: `It changed more than the diagram's title and text. ${SHOWN_AGAIN} Restore it to try again.`,
    'out-of-step': `This editor fell out of step with the server. ${SHOWN_AGAIN} Restore it to try again.`,
  } satisfies Record<ResyncReason, string>,
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
