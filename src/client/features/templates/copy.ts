/** Chooser wording that is ours; the spec's strings are TEMPLATE_DIALOG in @shared/messages. */
export const TEMPLATE_COPY = {
  startsNew: 'Pick a starting point for a new diagram. The one you are editing is saved first.',
  replaces: 'Pick a starting point. It replaces the text in the editor.',
  blankLead: 'Or start from scratch',
  blank: 'Blank diagram',
} as const;
