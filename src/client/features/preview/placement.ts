/**
 * Where a first drawing sits in the preview, shared by the frame (which places the drawing
 * itself) and the page (which shows the server's drawing until the frame has one).
 */

/** The room kept around a drawing fitted to the stage's width. */
export const PADDING_PX = 24;

/**
 * The preview's zoom toolbar sits over the frame's top: a drawing is placed below it, and an
 * element brought into view is placed clear of it.
 */
export const TOOLBAR_CLEARANCE_PX = 52;
