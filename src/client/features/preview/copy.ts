/** User-facing words of the preview workspace (the toggle's labels are spec §2's). */
export const PREVIEW_COPY = {
  pinEntities: 'Pin Entities',
  hideEntities: 'Hide Entities',
  hint: 'Drag to pan · Wheel to zoom · Shift+wheel pans horizontally · Alt+wheel pans vertically · Pinch to zoom',
  labelNotChanged: 'Label not changed',
} as const;
