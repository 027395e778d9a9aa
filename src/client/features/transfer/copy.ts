/** Wording of Export all and Import (the spec leaves it open). */
export const TRANSFER_COPY = {
  menu: 'Import and export',
  exportAll: 'Export all',
  import: 'Import…',
  exported: 'All diagrams exported',
  exportFailed: 'Could not export your diagrams',
  dialogTitle: 'Import diagrams',
  dialogDescription:
    'Mermaid files (.mmd, .mermaid), Markdown (each ```mermaid block becomes a diagram) or a zip made by Export all.',
  choose: 'Choose files…',
  noneChosen: 'No files chosen yet. You can also drop files on the sidebar.',
  unsupported: 'not a Mermaid, Markdown or zip file',
  importButton: (count: number) => (count === 1 ? 'Import 1 file' : `Import ${count} files`),
  importing: 'Importing…',
  cancel: 'Cancel',
  remove: (name: string) => `Remove ${name}`,
  imported: (count: number) =>
    count === 1 ? '1 diagram imported' : `${count.toLocaleString('en')} diagrams imported`,
  importedFolders: (count: number) =>
    count === 0 ? undefined : count === 1 ? 'Into 1 new folder.' : `Into ${count} new folders.`,
  importFailed: 'Import failed',
  dropHint: 'Drop files to import',
} as const;

export const TRANSFER_TESTIDS = {
  menu: 'transfer-menu',
  exportAll: 'transfer-export-all',
  import: 'transfer-import',
  dialog: 'import-dialog',
  fileInput: 'import-file-input',
  fileList: 'import-file-list',
  submit: 'import-submit',
  error: 'import-error',
  dropOverlay: 'import-drop-overlay',
} as const;
