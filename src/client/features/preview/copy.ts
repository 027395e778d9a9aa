/** User-facing words of the preview workspace (the toggle's labels are spec §2's). */
export const PREVIEW_COPY = {
  pinEntities: 'Pin Entities',
  hideEntities: 'Hide Entities',
  hint: 'Click to find in the text · Drag to pan · Wheel to zoom · Shift+wheel pans horizontally · Alt+wheel pans vertically · Pinch to zoom',
  /** On a touch screen: what fingers do. */
  hintTouch: 'Tap to find in the text · Drag to pan · Pinch to zoom',
  labelNotChanged: 'Label not changed',
  goToError: 'Show this error in the text',
  styleParticipant: (name: string) => `Colour of ${name}`,
  styleMessage: (index: number) => `Colour of message ${index}`,
  stylePresets: {
    blue: 'Blue',
    green: 'Green',
    amber: 'Amber',
    red: 'Red',
    violet: 'Violet',
    gray: 'Gray',
  },
  styleNone: 'No colour',
} as const;
