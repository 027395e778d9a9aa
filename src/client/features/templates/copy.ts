/** Chooser wording that is ours; the spec's strings are TEMPLATE_DIALOG in @shared/messages. */
export const TEMPLATE_COPY = {
  description: 'Pick a starting point. Your current text is replaced; Undo brings it back.',
  blankLead: 'Or start from scratch',
  blank: 'Blank diagram',
} as const;
