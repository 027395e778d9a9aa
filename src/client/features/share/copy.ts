/** Sharing wording. The spec's strings (§2 dialog, §8 toasts) are verbatim; the rest is ours. */

export const SHARE_TEXT = {
  // Spec §2 'Share Diagram' dialog.
  title: 'Share Diagram',
  makePublic: 'Make diagram public',
  privateHint: 'Enable public sharing to generate a shareable link with diagram preview',
  // Spec §8 toasts.
  linkCopied: 'Share link copied to clipboard',
  linkCopyFailed: 'Failed to copy share link',
  // Ours, in the spec's words for the public link.
  editorLinkCopied: 'Editor link copied to clipboard',
  error: 'Error',
  notFound: 'Diagram not found',
} as const;

export const SHARE_COPY = {
  description: 'Share a public link anyone can open, or invite people by e-mail to view or edit.',
  publicHint: 'Anyone with this link can view the diagram and save their own copy.',
  linkLabel: 'Public link',
  copyLink: 'Copy link',
  copied: 'Copied',
  unsavedNote:
    'This diagram is not saved yet: turning on the link or adding someone saves it first.',
  people: 'People with access',
  owner: 'Owner',
  you: 'You',
  noPeople: 'Only you can open this diagram.',
  copyEditorLink: 'Copy editor link',
  editorLinkHint: 'Opens this diagram in the editor for you and the people it is shared with.',
  noPeoplePublic: 'No one is invited yet; anyone with the public link can view it.',
  emailLabel: 'E-mail address',
  emailPlaceholder: 'name@example.com',
  roleLabel: 'Role',
  add: 'Add',
  remove: (email: string) => `Remove ${email}`,
  roleOf: (email: string) => `Role of ${email}`,
  roles: { viewer: 'Can view', editor: 'Can edit' },
  ownerOnlyTitle: 'Only the owner can share',
  ownerOnly: (owner: string) =>
    `Only the owner can change its public link or who it is shared with. Ask ${owner} if that should change.`,
  someone: 'Someone',
  sharedBy: (owner: string, role: 'viewer' | 'editor') =>
    `Shared by ${owner} · ${role === 'viewer' ? 'can view' : 'can edit'}`,
  readOnlyHint: 'You can view this diagram. Save makes your own copy.',
  sharedBadge: 'Shared diagram',
  sharedLinkBody:
    'This diagram is public. Pass the link on; only its owner can change who sees it.',
  sharedReadOnly: 'Edit it freely here; your changes stay on this page until you save a copy.',
  followLive: 'Live',
  followLiveHint: 'Changes by the owner appear here as they are made.',
  followStopped: 'No longer shared',
  followStoppedDetail: 'This is the last version its owner shared.',
  notFoundBody:
    'This link does not lead to a diagram. It may have been made private or never existed.',
  textVersion: 'Text version',
  textVersionHint: 'The diagram in words: its participants, then its messages in order.',
  participants: 'Participants',
  messages: 'Messages',
  goHome: 'Go to Lifeline',
  newDiagram: 'Start a new diagram',
} as const;

/** The public address of a shared diagram (spec §2: {origin}/d/{shareToken}). */
export function shareUrl(token: string, origin = window.location.origin): string {
  return `${origin}/d/${token}`;
}

/** The editor's address of a diagram: opens it for its owner and collaborators. */
export function editorUrl(diagramId: number, origin = window.location.origin): string {
  return `${origin}/?diagramId=${diagramId}`;
}

export const SHARE_TESTIDS = {
  dialog: 'share-dialog',
  publicSwitch: 'share-public-switch',
  link: 'share-link',
  copyLink: 'share-copy-link',
  copyEditorLink: 'share-copy-editor-link',
  privateHint: 'share-private-hint',
  unsavedNote: 'share-unsaved-note',
  collaborators: 'share-collaborators',
  noPeople: 'share-no-people',
  collaborator: 'share-collaborator',
  email: 'share-email',
  role: 'share-role',
  add: 'share-add',
  addError: 'share-add-error',
  ownerOnly: 'share-owner-only',
  accessBadge: 'access-badge',
  sharedEditor: 'shared-editor',
  notFound: 'shared-not-found',
  follow: 'shared-follow',
  textVersion: 'shared-text-version',
  textVersionPanel: 'shared-text-version-panel',
} as const;
