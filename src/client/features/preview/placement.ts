/**
 * Where a first drawing sits in the preview, shared by the frame (which places the drawing
 * itself) and the page (which shows the server's drawing until the frame has one).
 */

/**
 * The room kept around a drawing fitted to the stage's width, and above it. Nothing sits over the
 * frame's top: the zoom toolbar has a bar of its own above it.
 */
export const PADDING_PX = 24;
