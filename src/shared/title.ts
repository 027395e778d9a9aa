import { EDITOR_TEXT } from './messages.js';

/** Spec §5: an empty title input becomes 'Untitled'. */
export function normaliseTitle(input: string): string {
  const trimmed = input.trim();
  return trimmed === '' ? EDITOR_TEXT.untitled : trimmed;
}
