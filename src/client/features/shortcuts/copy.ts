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
  /** The drawing's own keys (walk.ts, drawingMenu.ts), while the drawing has the keyboard. */
  drawingTitle: 'In the drawing (Tab to it)',
  drawingKeys: [
    { chords: [['↓'], ['↑']], action: 'Next and previous message' },
    {
      chords: [['←'], ['→']],
      action: 'Previous and next participant (from a message: its sender, its receiver)',
    },
    { chords: [['Home'], ['End']], action: 'First and last message or participant' },
    { chords: [[']'], ['[']], action: 'Next and previous message to or from the participant' },
    { chords: [['Alt', 'Enter']], action: 'Go to the message’s line in the text' },
    { chords: [['Enter']], action: 'Edit the message’s label' },
    {
      chords: [
        ['Alt', '↑'],
        ['Alt', '↓'],
      ],
      action: 'Move the message up or down',
    },
    { chords: [['Delete']], action: 'Delete the message' },
    { chords: [['Shift', 'F10']], action: 'Open the message’s menu' },
    { chords: [['Esc']], action: 'Leave the drawing' },
  ] satisfies { chords: string[][]; action: string }[],
  switcherTitle: 'Find a diagram',
  switcherPlaceholder: 'Type a title…',
  switcherEmpty: 'No diagram has that in its title.',
  switcherNone: 'No diagrams yet.',
  switcherHint: '↑ ↓ to choose, Enter to open, Esc to close',
  topLevel: 'Top level',
  sharedBy: (owner: string) => `Shared by ${owner}`,
};

export const SHORTCUTS_TESTIDS = {
  dialog: 'shortcuts-dialog',
  drawingKeys: 'shortcuts-drawing-keys',
  switcher: 'quick-switcher',
  switcherInput: 'quick-switcher-input',
  switcherItem: 'quick-switcher-item',
} as const;
