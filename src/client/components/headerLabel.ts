/**
 * A header button's label: shown from 1280 px; narrower, only the icon shows (the label stays
 * the button's accessible name, and its title says it on hover), so the title input keeps room.
 */
export const HEADER_LABEL = 'max-xl:sr-only';
