import { TRASH_DAYS } from '@shared/versions';
/** Sidebar wording: the spec's strings (§2, §8) verbatim, then ours. */
export const SIDEBAR_TEXT = {
  title: 'Your Diagrams',
  sharedWithMe: 'Shared with me',
  emptyFolder: 'No diagrams in this folder',
  deleteCurrent: 'Delete Current',
  folderName: 'Name',
  cancel: 'Cancel',
  save: 'Save',
  saving: 'Saving...',
  deleteFolderTitle: 'Are you sure?',
  deleteFolderBody: (name: string) =>
    `This will delete the folder "${name}". Any diagrams inside will be moved to the root level.`,
  deleteDiagramTitle: 'Are you sure you want to delete this diagram?',
  /**
   * A deliberate departure from spec §8 (see docs/decisions.md): the diagram goes to Recently
   * deleted for TRASH_DAYS, so the spec's 'cannot be undone … permanently' would be untrue.
   */
  deleteDiagramBody: (title: string) =>
    `"${title}" moves to Recently deleted, where you can restore it for ${TRASH_DAYS} days. After that it is deleted for good.`,
  deleted: (title: string) => `"${title}" was deleted successfully`,
  deleteFailed: 'Failed to delete diagram',
  moved: 'Diagram moved successfully',
  moveFailed: 'Failed to move diagram',
  fetchFoldersFailed: 'Failed to fetch folders',
  createFolderFailed: 'Failed to create folder',
  updateFolderFailed: 'Failed to update folder',
  deleteFolderFailed: 'Failed to delete folder',
} as const;

/** Wording the spec leaves open. */
export const SIDEBAR_COPY = {
  newFolder: 'New Folder',
  editFolder: 'Edit Folder',
  renameFolder: 'Rename',
  deleteFolder: 'Delete folder',
  deleteDiagram: 'Delete diagram',
  delete: 'Delete',
  folderActions: (name: string) => `Actions for folder ${name}`,
  diagramActions: (title: string) => `Actions for ${title}`,
  moveHandle: (title: string) => `Move ${title}`,
  collapseSidebar: 'Collapse sidebar',
  resizeSidebar: 'Resize sidebar and editor',
  expandSidebar: 'Expand sidebar',
  root: 'Top level',
  dropToRoot: 'Drop here to move to the top level',
  empty: 'No diagrams yet. Save one and it appears here.',
  loadFailed: 'Could not load your diagrams.',
  retry: 'Retry',
  noShared: 'Nothing shared with you yet.',
  emailUnverified:
    'Your e-mail address is not verified by your sign-in provider, so diagrams shared with it are not shown. Verify it with your provider, then sign in again.',
  role: { viewer: 'Viewer', editor: 'Editor' },
  sharedBy: (owner: string) => `by ${owner}`,
  listLabel: 'Folders and diagrams',
  recentlyDeleted: 'Recently deleted',
  trashEmpty: `Nothing here. Deleted diagrams wait here for ${TRASH_DAYS} days.`,
  trashFailed: 'Could not load recently deleted diagrams.',
  daysLeft: (days: number) => (days <= 1 ? 'Deleted for good within a day' : `${days} days left`),
  restore: 'Restore',
  restoreLabel: (title: string) => `Restore ${title}`,
  restored: (title: string) => `"${title}" was restored`,
  restoreFailed: 'Failed to restore diagram',
  deleteForever: 'Delete forever',
  deleteForeverLabel: (title: string) => `Delete ${title} forever`,
  deleteForeverTitle: 'Delete this diagram forever?',
  deleteForeverBody: (title: string) =>
    `"${title}" and its version history will be deleted for good. This cannot be undone.`,
  deletedForever: (title: string) => `"${title}" was deleted for good`,
  // Keyboard moving (announced through a live region).
  pickedUp: (title: string, target: string) =>
    `Picked up ${title}. Target: ${target}. Use the arrow keys to choose a folder, Space or Enter to drop, Escape to cancel.`,
  over: (target: string) => `Target: ${target}.`,
  dropped: (title: string, target: string) => `Dropped ${title} on ${target}.`,
  cancelled: (title: string) => `Moving ${title} cancelled.`,
  keyboardHint:
    'Press Space or Enter on a diagram’s move handle to pick it up, then the arrow keys and Space to drop.',
} as const;

export const SIDEBAR_TESTIDS = {
  sidebar: 'sidebar',
  panel: 'sidebar-panel',
  resizeHandle: 'sidebar-resize-handle',
  toggle: 'sidebar-toggle',
  list: 'sidebar-list',
  folder: 'sidebar-folder',
  diagram: 'sidebar-diagram',
  emptyFolder: 'sidebar-empty-folder',
  rootZone: 'sidebar-root-zone',
  newFolder: 'sidebar-new-folder',
  deleteCurrent: 'sidebar-delete-current',
  itemMenu: 'sidebar-item-menu',
  renameFolder: 'sidebar-rename-folder',
  deleteFolder: 'sidebar-delete-folder',
  deleteDiagram: 'sidebar-delete-diagram',
  moveHandle: 'sidebar-move-handle',
  folderDialog: 'folder-dialog',
  folderName: 'folder-name',
  confirmDialog: 'confirm-dialog',
  confirm: 'confirm-action',
  shared: 'sidebar-shared',
  sharedDiagram: 'sidebar-shared-diagram',
  emailUnverified: 'sidebar-email-unverified',
  trash: 'sidebar-trash',
  trashToggle: 'sidebar-trash-toggle',
  trashItem: 'sidebar-trash-item',
  trashRestore: 'sidebar-trash-restore',
  trashDelete: 'sidebar-trash-delete',
  live: 'sidebar-live',
  dragOverlay: 'sidebar-drag-overlay',
} as const;

/** Browser storage key of the folders' open/closed state. */
export const EXPANDED_FOLDERS_KEY = 'lifeline-sidebar-expanded-folders';
