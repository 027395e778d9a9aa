/** data-testid values of the export feature, shared with the E2E specs. */
import type { MenuFormat, SteppedFormat } from '@shared/output-formats';

export const EXPORT_TESTIDS = {
  button: 'export-button',
  menu: 'export-menu',
  /** Each format's item (src/shared/output-formats.ts: every format with a `menu`). */
  format: {
    svg: 'export-svg',
    png: 'export-png',
    pdf: 'export-pdf',
    txt: 'export-copy-text',
    ascii: 'export-copy-ascii',
    description: 'export-copy-description',
  } satisfies Record<MenuFormat, string>,
  /** The stepped files' items: the animated SVG, the PDF of a page per step. */
  steps: {
    svg: 'export-animated-svg',
    pdf: 'export-steps-pdf',
  } satisfies Record<SteppedFormat, string>,
} as const;
