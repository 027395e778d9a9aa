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
  deleteDiagramBody: (title: string) =>
    `This action cannot be undone. This will permanently delete the diagram "${title}".`,
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
  role: { viewer: 'Viewer', editor: 'Editor' },
  sharedBy: (owner: string) => `by ${owner}`,
  listLabel: 'Folders and diagrams',
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
  live: 'sidebar-live',
  dragOverlay: 'sidebar-drag-overlay',
} as const;

/** Browser storage key of the folders' open/closed state. */
export const EXPANDED_FOLDERS_KEY = 'lifeline-sidebar-expanded-folders';
