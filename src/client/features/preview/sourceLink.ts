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
   * Marks where a drawing drag under way lands: a new or moved line goes in before `line` (one
   * past the last line: at the end) and `moving` is the line a move takes away; nulls clear it.
   */
  markDrop(line: number | null, moving: number | null): void;
  /**
   * Calls `listener` with the cursor's line now and on every change; answers unsubscribe.
   * `follow` is true when the person's own typing or cursor move caused it (the drawing then
   * brings the line into view), false for others' edits and programs.
   */
  onCursorLine(listener: (line: number | null, follow: boolean) => void): () => void;
  /** Calls `listener` whenever the editor opens another diagram; answers unsubscribe. */
  onOtherDiagram(listener: () => void): () => void;
  /**
   * Calls `listener` with the lines that have open comment threads, now and whenever they
   * change; answers unsubscribe.
   */
  onCommentLines(listener: (lines: readonly number[], commentable: boolean) => void): () => void;
  /** Starts a comment on `line` (the drawing's context menu), when comments can be made. */
  commentOn(line: number): void;
}
