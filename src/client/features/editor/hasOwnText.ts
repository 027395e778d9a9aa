import { BLANK_DIAGRAM, TEMPLATES } from '@shared/templates';

/**
 * Signed out, the editor's text lives only in this browser: it is the user's own work (worth a
 * question before it is replaced) unless it is still the blank diagram or a template as chosen.
 */
export function hasOwnText(content: string): boolean {
  if (content.trim() === '') return false;
  if (content === BLANK_DIAGRAM.content) return false;
  return !TEMPLATES.some((template) => template.content === content);
}
