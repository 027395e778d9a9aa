/** data-testid values shared by the template chooser and the E2E tests. */
export const TEMPLATE_TESTIDS = {
  dialog: 'template-dialog',
  list: 'template-list',
  card: 'template-card',
  drawing: 'template-drawing',
  blank: 'template-blank',
} as const;
