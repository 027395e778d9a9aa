/** Spec §4 'Saving when signed out' from a shared diagram: a copy's title starts with this. */
export const COPY_PREFIX = 'Copy of ';

/** The server's title limit (TITLE_MAX in @shared/schemas; not imported so zod stays out of the chunk). */
const TITLE_MAX = 200;

/** The title a copy of someone's diagram gets (spec §4), within the title limit. */
export function copyTitle(title: string): string {
  return `${COPY_PREFIX}${title}`.slice(0, TITLE_MAX);
}
