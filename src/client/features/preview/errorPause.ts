/**
 * When a half-typed line's error reaches the drawing. While someone types, the last good drawing
 * stays (dimmed) and the error is marked in the editor at once; the error graphic and its hint
 * come only once the error outlasts a pause long enough to mean "stuck" rather than "thinking"
 * (a 2 s pause in the middle of a line is thinking), or at once when the cursor has left the
 * error's line: the person has moved on and left a mistake behind.
 */
import type { ErrorHint } from '@shared/mermaid-reader/error-hint';

export const ERROR_AFTER_PAUSE_MS = 4000;

/**
 * Whether the error is on a line the cursor has left. An error at the end of the text (a block
 * still open) is wherever the text ends, so typing on past it never leaves it behind; nor is an
 * error whose line is not known (it may well be the line being typed).
 */
export function errorLeftBehind(
  error: Pick<ErrorHint, 'line' | 'atEnd' | 'placed'>,
  cursorLine: number | null,
): boolean {
  return cursorLine !== null && !error.atEnd && error.placed && cursorLine !== error.line;
}
