/**
 * How the preview and the text editor point at each other. The editor implements it; the
 * preview tells it what the renderer said about each text and which line a click in the drawing
 * belongs to, and hears which line the cursor is on.
 */
export interface SourceLink {
  /** The renderer's verdict on `text` (null: it parsed). */
  rendered(text: string, error: string | null): void;
  /**
   * Puts the cursor on `line` (1-based), at `column` when given, and scrolls it into view.
   * `focus` also moves the keyboard to the editor; without it the focus stays where it is.
   */
  goTo(line: number, column: number | null, focus: boolean): void;
  /**
   * Calls `listener` with the cursor's line now and on every change; answers unsubscribe.
   * `follow` is true when the person's own typing or cursor move caused it (the drawing then
   * brings the line into view), false for others' edits and programs.
   */
  onCursorLine(listener: (line: number | null, follow: boolean) => void): () => void;
  /** Calls `listener` whenever the editor opens another diagram; answers unsubscribe. */
  onOtherDiagram(listener: () => void): () => void;
}
