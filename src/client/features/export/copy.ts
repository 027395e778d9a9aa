/** The Export menu's own words beyond spec §2's (a one-page PDF, the stepped files of present mode). */
export const EXPORT_COPY = {
  pdf: 'PDF',
  stepsHeading: 'Step by step',
  animatedSvg: 'Animated SVG',
  stepsPdf: 'PDF, a page per step',
  pace: 'Pace per step',
  paces: [
    { ms: 500, label: '0.5 s' },
    { ms: 1000, label: '1 s' },
    { ms: 2000, label: '2 s' },
  ],
  stepsFileSuffix: 'steps',
  stepsLabel: { svg: 'animated SVG', pdf: 'PDF' },
} as const;
