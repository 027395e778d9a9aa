import type { ShortcutId } from './keys';

export const SHORTCUTS_COPY = {
  dialogTitle: 'Keyboard shortcuts',
  dialogDescription: 'Work without the mouse.',
  actions: {
    save: 'Save the diagram (signed out: Save Copy)',
    export: 'Export as SVG or PNG',
    switcher: 'Find a diagram by title',
    present: 'Present the diagram one message at a time',
    help: 'Show this list',
  } satisfies Record<ShortcutId, string>,
  switcherTitle: 'Find a diagram',
  switcherPlaceholder: 'Type a title…',
  switcherEmpty: 'No diagram has that in its title.',
  switcherNone: 'No diagrams yet.',
  switcherHint: '↑ ↓ to choose, Enter to open, Esc to close',
  topLevel: 'Top level',
  sharedBy: (owner: string) => `Shared by ${owner}`,
} as const;

export const SHORTCUTS_TESTIDS = {
  dialog: 'shortcuts-dialog',
  switcher: 'quick-switcher',
  switcherInput: 'quick-switcher-input',
  switcherItem: 'quick-switcher-item',
} as const;
