/**
 * The Export menu's own words beyond spec §2's and the format names of
 * src/shared/output-formats.ts: the stepped files of present mode.
 */
import type { SteppedFormat } from '@shared/output-formats';

export const EXPORT_COPY = {
  stepsHeading: 'Step by step',
  /** The stepped files' menu items. */
  stepsItem: {
    svg: 'Animated SVG',
    pdf: 'PDF, a page per step',
  } satisfies Record<SteppedFormat, string>,
  pace: 'Pace per step',
  paces: [
    { ms: 500, label: '0.5 s' },
    { ms: 1000, label: '1 s' },
    { ms: 2000, label: '2 s' },
  ],
  stepsFileSuffix: 'steps',
  /** What a stepped file is called in 'Diagram exported successfully as …'. */
  stepsLabel: { svg: 'animated SVG', pdf: 'PDF' } satisfies Record<SteppedFormat, string>,
} as const;
