/** data-testid values of the preview, shared by the components, E2E specs and the benchmark. */
export const PREVIEW_TESTIDS = {
  placeholder: 'preview-placeholder',
  serverDrawing: 'preview-server-drawing',
  root: 'preview',
  frame: 'preview-frame',
  inline: 'preview-inline',
  notice: 'preview-notice',
  status: 'preview-status',
  errorLink: 'preview-error-link',
  zoom: 'preview-zoom',
  zoomLevel: 'preview-zoom-level',
  pinToggle: 'preview-pin-toggle',
  touchEditToggle: 'preview-touch-edit-toggle',
  hint: 'preview-hint',
} as const;
