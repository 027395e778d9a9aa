/** data-testid values of the export feature, shared with the E2E specs. */
export const EXPORT_TESTIDS = {
  button: 'export-button',
  menu: 'export-menu',
  svg: 'export-svg',
  png: 'export-png',
  pdf: 'export-pdf',
  copyText: 'export-copy-text',
  copyAscii: 'export-copy-ascii',
  animatedSvg: 'export-animated-svg',
  stepsPdf: 'export-steps-pdf',
} as const;
