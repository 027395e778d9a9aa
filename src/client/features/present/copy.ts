/** Present mode's words and test ids, in one place. */
export const PRESENT_COPY = {
  button: 'Present',
  titlePrefix: 'Presenting',
  counter: (step: number, count: number) => `${step} / ${count}`,
  stepLabel: 'Step',
  noSteps: 'Whole drawing: no messages to step through',
  previous: 'Previous step',
  next: 'Next step',
  leave: 'Leave presentation (Esc)',
  progress: 'Presentation progress',
  hint: '← → or swipe to step, Home and End for first and last, Esc to leave',
  hintTouch: 'Tap or swipe left for the next message, swipe right to go back',
} as const;

export const PRESENT_TESTIDS = {
  button: 'present-button',
  view: 'present-view',
  counter: 'present-counter',
  said: 'present-said',
  progress: 'present-progress',
  surface: 'present-surface',
  previous: 'present-previous',
  next: 'present-next',
  leave: 'present-leave',
} as const;
